import { Cart, totl } from "./cart";

export function owner(c: Cart): number {
  return c.owner.email;
}

export function greet(name?: string): string {
  return "hello " + name.toUpperCase();
}
