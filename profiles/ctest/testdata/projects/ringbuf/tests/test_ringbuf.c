#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "ringbuf.h"

#define CHECK(cond) do { if (!(cond)) { \
	fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
	return 1; } } while (0)

static int push_pop(void) {
	ringbuf rb; int v;
	CHECK(rb_init(&rb, 4) == 0);
	CHECK(rb_push(&rb, 7) == 0);
	CHECK(rb_pop(&rb, &v) == 0);
	CHECK(v == 7);
	rb_free(&rb);
	return 0;
}

static int wraparound(void) {
	ringbuf rb; int v;
	rb_init(&rb, 2);
	rb_push(&rb, 1); rb_push(&rb, 2);
	rb_pop(&rb, &v); rb_pop(&rb, &v);
	rb_push(&rb, 3);
	rb_pop(&rb, &v);
	printf("popped %d after wrap\n", v);
	CHECK(v == 3);
	rb_free(&rb);
	return 0;
}

static int capacity(void) {
	ringbuf rb;
	rb_init(&rb, 2);
	rb_push(&rb, 1); rb_push(&rb, 2);
	int rc = rb_push(&rb, 3);
	if (rc != -1) {
		fprintf(stderr, "tests/test_ringbuf.c:%d: expected push into a full buffer to fail, got %d (len %zu)\n", __LINE__, rc, rb_len(&rb));
		return 2;
	}
	rb_free(&rb);
	return 0;
}

static int null_buffer(void) {
	ringbuf *rb = NULL;
	printf("pushing into a NULL buffer\n");
	fflush(stdout);
	return rb_push(rb, 1);
}

static int drain_forever(void) {
	ringbuf rb; int v;
	rb_init(&rb, 1);
	while (rb_pop(&rb, &v) != 0) sleep(1);
	return 0;
}

static int log_clean(void) {
	printf("ringbuf: init ok\n");
	printf("WARNING: buffer reallocated 3 times\n");
	return 0;
}

static int simd_path(void) {
	printf("no SIMD support on this machine, skipping\n");
	return 77;
}

static int empty(void) {
	ringbuf rb; int v;
	rb_init(&rb, 3);
	CHECK(rb_pop(&rb, &v) == -1);
	CHECK(rb_len(&rb) == 0);
	rb_free(&rb);
	return 0;
}

int main(int argc, char **argv) {
	static const struct { const char *name; int (*fn)(void); } tests[] = {
		{"push_pop", push_pop}, {"wraparound", wraparound}, {"capacity", capacity},
		{"null_buffer", null_buffer}, {"drain_forever", drain_forever},
		{"log_clean", log_clean}, {"simd_path", simd_path}, {"empty", empty},
	};
	if (argc != 2) return 2;
	for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
		if (strcmp(argv[1], tests[i].name) == 0) return tests[i].fn();
	fprintf(stderr, "unknown test %s\n", argv[1]);
	return 2;
}
