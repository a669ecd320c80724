'use strict';
// Cleans up the test database, as a project's globalTeardown does: it logs
// each step, then connects to a port nothing listens on.
const net = require('net');

const steps = [
  'reading .env.test',
  'DATABASE_URL=postgres://test@127.0.0.1:1/app_test',
  'dropping test schemas',
  'found 12 schemas',
  '  app_test_1',
  '  app_test_2',
  '  app_test_3',
  '  app_test_4',
  '  app_test_5',
  '  app_test_6',
  '  app_test_7',
  '  app_test_8',
  'connecting to the test database',
];

module.exports = async function globalTeardown() {
  for (const s of steps) console.log(`[teardown] ${s}`);
  await new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port: 1 });
    sock.on('connect', () => { sock.end(); resolve(); });
    sock.on('error', reject);
  });
};
