import { it, expect } from 'vitest';
import { initials } from '../src/convert.js';

const names = [
  'Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov',
  'Donald Knuth', 'Ken Thompson', 'Dennis Ritchie', 'Margaret Hamilton', 'John McCarthy',
  'Frances Allen', 'Niklaus Wirth', 'Tony Hoare', 'Leslie Lamport', 'Radia Perlman',
  'Xavier', 'Rob Pike',
];

it.each(names)('initials of %s', (name) => {
  const want = name.split(' ').map((w) => w[0]).join('');
  expect(initials(name)).toEqual(want);
});
