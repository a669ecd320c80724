'use strict';
const { describeUser } = require('../src/lib/cart');

test('renders a user card', () => {
  const user = { id: 1, name: 'Grace', city: 'Arlington', zip: '22201', roles: ['navy', 'cobol'] };
  expect(describeUser(user)).toMatchSnapshot();
});

test('renders the banner', () => {
  expect('terse: shaped output for agents').toMatchSnapshot();
});
