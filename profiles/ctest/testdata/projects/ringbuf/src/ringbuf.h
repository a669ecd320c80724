#ifndef RINGBUF_H
#define RINGBUF_H
#include <stddef.h>

typedef struct {
	int *data;
	size_t cap, head, len;
} ringbuf;

int rb_init(ringbuf *rb, size_t cap);
void rb_free(ringbuf *rb);
int rb_push(ringbuf *rb, int v);
int rb_pop(ringbuf *rb, int *out);
size_t rb_len(const ringbuf *rb);
#endif
