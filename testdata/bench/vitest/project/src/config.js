export function parseConfig(text) {
  const out = {};
  for (const line of text.split('\n')) {
    const [key, value] = line.split('=');
    out[key.trim()] = value.trim(); // bug: blank lines have no value
  }
  return out;
}

export async function loadRemote(fetchImpl) {
  const res = await fetchImpl('/config');
  return res.json();
}
