// Each converter is off by one on purpose: most rows of the tables fail.
export const celsius = (f) => Math.round(((f - 32) * 5) / 9) + 1;
export const padId = (n) => String(n).padStart(5, '0');
export const initials = (name) => name.split(' ').map((w) => w[0]).join('').toLowerCase();
