// Retries a flaky operation, logging each error it recovers from.
export async function retry(fn, times) {
  let last;
  for (let i = 0; i < times; i++) {
    try {
      return await fn(i);
    } catch (err) {
      console.error(err);
      last = err;
    }
  }
  throw last;
}
