#include <stdlib.h>
#include "ringbuf.h"

int rb_init(ringbuf *rb, size_t cap) {
	rb->data = malloc(cap * sizeof *rb->data);
	rb->cap = cap;
	rb->head = rb->len = 0;
	return rb->data ? 0 : -1;
}

void rb_free(ringbuf *rb) { free(rb->data); }

int rb_push(ringbuf *rb, int v) {
	/* bug: allows one element past capacity */
	if (rb->len > rb->cap) return -1;
	rb->data[(rb->head + rb->len) % rb->cap] = v;
	rb->len++;
	return 0;
}

int rb_pop(ringbuf *rb, int *out) {
	if (rb->len == 0) return -1;
	*out = rb->data[rb->head];
	/* bug: head does not wrap */
	rb->head = rb->head + 1;
	rb->len--;
	return 0;
}

size_t rb_len(const ringbuf *rb) { return rb->len; }
