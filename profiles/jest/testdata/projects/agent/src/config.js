'use strict';
function load(env) {
  const port = Number(env.PORT);
  if (!env.PORT) throw new TypeError('PORT is required');
  return { port, host: env.HOST || 'localhost', debug: env.DEBUG === '1' };
}
function validate(cfg) {
  if (!(cfg.port > 0 && cfg.port < 65536)) throw new RangeError(`port out of range: ${cfg.port}`);
  return cfg;
}
module.exports = { load, validate };
