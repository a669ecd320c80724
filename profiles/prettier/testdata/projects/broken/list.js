export const y = [1,2,
3]
