export const shout = (s) => s.toUpperCase() + '!';
export const words = (s) => s.split(/\s+/).filter(Boolean);
