package profiles

import (
	"fmt"
	"reflect"

	"github.com/itchyny/gojq"
)

// jqMaxStepBytes bounds the string one step of a profile's jq program may
// build by repetition ("x" * n). The budget's memory bound is watched
// between steps (jqBudget.watch) and cannot stop a step that allocates
// gigabytes at once: `"x" * 2000000000` took 1.97 GB, `tostring | . * 3000`
// of a 588 KB list 1.75 GB (issue 52). No profile shapes tool output with a
// string anywhere near this size.
const jqMaxStepBytes = 64 << 20

// boundedMul is the name the multiplications of a profile's program call
// (see boundMultiply).
const boundedMul = "_terse_multiply"

// compileBudgeted compiles a profile's parsed program with its
// multiplications bounded (boundMultiply).
func compileBudgeted(q *gojq.Query) (*gojq.Code, error) {
	boundMultiply(reflect.ValueOf(q))
	return gojq.Compile(q, gojq.WithFunction(boundedMul, 2, 2, multiplyWithin))
}

// boundMultiply turns every `a * b` of the query into boundedMul(a; b).
// gojq compiles both the same way (its arguments evaluated as an operator's
// are), so the program means what it did, and its repetitions of strings
// are checked before they are made. The walk goes through the whole AST by
// reflection, so that no kind of node is missed.
func boundMultiply(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if q, ok := v.Interface().(*gojq.Query); ok && q.Op == gojq.OpMul {
			q.Term = &gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: boundedMul, Args: []*gojq.Query{q.Left, q.Right}}}
			q.Left, q.Right, q.Op = nil, nil, 0
		}
		boundMultiply(v.Elem())
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				boundMultiply(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			boundMultiply(v.Index(i))
		}
	}
}

// mulCode is jq's own multiplication, for the products multiplyWithin lets
// through.
var mulCode = func() *gojq.Code {
	q, err := gojq.Parse(".[0] * .[1]")
	if err != nil {
		panic(err)
	}
	c, err := gojq.Compile(q)
	if err != nil {
		panic(err)
	}
	return c
}()

// multiplyWithin is jq's a * b, but for a string repeated past
// jqMaxStepBytes: that is an error, which stops the run as any error does.
func multiplyWithin(_ any, args []any) any {
	l, r := args[0], args[1]
	s, ok := l.(string)
	n, isNum := gojq.ToFloat64(r)
	if !ok {
		s, ok = r.(string)
		n, isNum = gojq.ToFloat64(l)
	}
	if ok && isNum && float64(len(s))*n > jqMaxStepBytes {
		return &jqBudgetError{why: fmt.Sprintf("a string of more than %d MiB in one step", jqMaxStepBytes>>20)}
	}
	v, _ := mulCode.Run([]any{l, r}).Next()
	return v
}
