// A small HTTP-like client whose errors carry the response, as fetch
// wrappers do.
export class HttpError extends Error {
  constructor(status, url, body) {
    super(`request failed with status ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.url = url;
    this.body = body;
  }
}

export async function getJSON(routes, url) {
  const res = routes[url] || { status: 404, body: { error: 'not found', path: url } };
  if (res.status >= 400) throw new HttpError(res.status, url, res.body);
  return res.body;
}
