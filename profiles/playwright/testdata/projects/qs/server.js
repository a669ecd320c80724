// A small API over qs: GET /parse?<query> answers the parsed object,
// POST /stringify answers the query string of the JSON body.
const http = require('http');
const qs = require('./lib');

const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const send = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
    };
    if (url.pathname === '/health') {
        return send(200, { ok: true });
    }
    if (url.pathname === '/parse') {
        const depth = Number(url.searchParams.get('depth') || 5);
        const query = url.search.slice(1).replace(/(^|&)depth=\d+/, '');
        try {
            return send(200, qs.parse(query, { depth, strictDepth: true }));
        } catch (e) {
            return send(400, { error: e.message });
        }
    }
    if (url.pathname === '/stringify' && req.method === 'POST') {
        let body = '';
        req.on('data', (c) => { body += c; });
        req.on('end', () => send(200, { query: qs.stringify(JSON.parse(body)) }));
        return undefined;
    }
    return send(404, { error: 'no route ' + url.pathname });
});

server.listen(41731, '127.0.0.1');
