
function slug(s) { return s.toLowerCase().trim().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''); }
function title(s) { return s.replace(/\b\w/g, (c) => c.toUpperCase()); }
function truncate(s, n) { return s.length <= n ? s : s.slice(0, n) + '…'; }
function words(s) { return s.split(/\s+/).filter(Boolean); }
export { slug, title, truncate, words };
