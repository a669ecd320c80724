export function parseLine(line) {
  const [key, value] = line.split('=');
  return { key: key.trim(), value: value.trim() };
}
