// A cart with type errors whose messages run over several lines.
export interface Item { sku: string; price: number; tags: string[] }
export interface Cart { items: Item[]; owner: { id: number; email: string } }

export const cart: Cart = {
  items: [{ sku: "a1", price: "9.99", tags: [] }],
  owner: { id: "42", email: "x@example.com" },
};

export function total(c: Cart): string {
  return c.items.reduce((s, i) => s + i.price, 0);
}

export function find(c: Cart, sku: string): Item {
  return c.items.find((i) => i.sku === sku);
}

const handlers: Record<string, (n: number) => string> = {
  double: (n: string) => n + n,
};
export { handlers };
