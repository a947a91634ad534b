// Package tests is the Go suite: cdktf-state-backends from Go, as a Go user writes cdktf code
// (jsii.String, cdktf.NewApp, cdktf.Testing_Synth), against the module `npx projen package:go`
// just wrote to dist/go. Like the Java and Python suites, it runs the library's JavaScript in a
// Node.js process (the jsii runtime).
package tests

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// target is a tool and version a stack is checked for (StateBackendTarget).
type target struct{ tool, version string }

func (t target) String() string { return t.tool + "@" + t.version }

func (t target) construct() sb.StateBackendTarget {
	if t.tool == "terraform" {
		return sb.StateBackendTarget_Terraform(jsii.String(t.version))
	}
	return sb.StateBackendTarget_Opentofu(jsii.String(t.version))
}

// has tells whether the target's tool had a field since the given release ("" : never had it).
func (t target) has(terraformSince, opentofuSince string) bool {
	since := terraformSince
	if t.tool == "opentofu" {
		since = opentofuSince
	}
	return since != "" && versionAtLeast(t.version, since)
}

func versionAtLeast(v, min string) bool {
	a, b := strings.Split(v, "."), strings.Split(min, ".")
	for i := 0; i < 3; i++ {
		var x, y int
		fmt.Sscan(a[i], &x)
		fmt.Sscan(b[i], &y)
		if x != y {
			return x > y
		}
	}
	return true
}

// newApp is a test app whose target is set before any stack is added (also for the default, so
// both flavours mean the same).
func newApp(t target) cdktf.App {
	app := cdktf.Testing_App(nil)
	t.construct().ApplyTo(app)
	return app
}

func newStack(t target, id string) cdktf.TerraformStack {
	return cdktf.NewTerraformStack(newApp(t), jsii.String(id))
}

// synth is cdktf.Testing_Synth with validations on, parsed.
func synth(t *testing.T, stack cdktf.TerraformStack) map[string]any {
	t.Helper()
	var out map[string]any
	if err := json.Unmarshal([]byte(*cdktf.Testing_Synth(stack, jsii.Bool(true))), &out); err != nil {
		t.Fatalf("synth output is not JSON: %v", err)
	}
	return out
}

// at is the object at a dotted path; fails naming the first missing segment.
func at(t *testing.T, root map[string]any, dotted string) map[string]any {
	t.Helper()
	node := root
	for _, part := range strings.Split(dotted, ".") {
		next, ok := node[part].(map[string]any)
		if !ok {
			t.Fatalf("no object at %s (stopped at %q) in %v", dotted, part, root)
		}
		node = next
	}
	return node
}

// keys is an ordered list of expected tool keys and values.
type keys []kv
type kv struct {
	key   string
	value any
}

// checkKeys runs one subtest per expected key (recursing into nested objects and one-element lists
// of objects) and one "exactly these keys" subtest per object, so a test cannot pass on keys that
// were never emitted (for an empty expectation, that the block is empty).
func checkKeys(t *testing.T, where string, block map[string]any, expected keys) {
	t.Helper()
	want := make([]string, 0, len(expected))
	for _, e := range expected {
		want = append(want, e.key)
	}
	sort.Strings(want)
	got := make([]string, 0, len(block))
	for k := range block {
		got = append(got, k)
	}
	sort.Strings(got)
	t.Run(where+" holds exactly "+strings.Join(want, ","), func(t *testing.T) {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("keys of %s: got %v, want %v", where, got, want)
		}
	})
	for _, e := range expected {
		path := where + "." + e.key
		switch v := e.value.(type) {
		case keys:
			nested, ok := block[e.key].(map[string]any)
			if !ok {
				t.Run(path, func(t *testing.T) { t.Errorf("%s is not an object: %v", path, block[e.key]) })
				continue
			}
			checkKeys(t, path, nested, v)
		case []keys:
			list, ok := block[e.key].([]any)
			if !ok || len(list) != len(v) {
				t.Run(path, func(t *testing.T) { t.Errorf("%s is not a list of %d: %v", path, len(v), block[e.key]) })
				continue
			}
			for i, item := range v {
				obj, ok := list[i].(map[string]any)
				if !ok {
					t.Run(path, func(t *testing.T) { t.Errorf("%s[%d] is not an object: %v", path, i, list[i]) })
					continue
				}
				checkKeys(t, fmt.Sprintf("%s[%d]", path, i), obj, item)
			}
		default:
			t.Run(fmt.Sprintf("%s = %v", path, e.value), func(t *testing.T) {
				got, present := block[e.key]
				if !present {
					t.Fatalf("%s is missing; keys are %v", path, got)
				}
				if !reflect.DeepEqual(normalize(got), normalize(e.value)) {
					t.Errorf("%s: got %#v, want %#v", path, got, e.value)
				}
			})
		}
	}
}

// normalize makes Go values and decoded JSON comparable (numbers as float64, slices as []any).
func normalize(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}

// refused runs action, which the library must refuse: the refusal surfaces in Go as a panic. It
// returns the panic's message.
func refused(t *testing.T, action func()) (message string) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatalf("expected a refusal (a panic), got none")
		}
		if err, ok := r.(error); ok {
			message = err.Error()
		} else {
			message = fmt.Sprint(r)
		}
	}()
	action()
	return ""
}

// assertNoSecrets fails if any secret appears in text.
func assertNoSecrets(t *testing.T, text string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(text, s) {
			t.Errorf("secret %q leaked into:\n%s", s, text)
		}
	}
}

// assertContains fails unless text holds every part.
func assertContains(t *testing.T, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Errorf("%q is not in:\n%s", p, text)
		}
	}
}

// warnings are the warnings shown on scope and below it after the validations ran, as they run at synth.
func warnings(scope constructs.IConstruct) []string {
	all := *scope.Node().FindAll(constructs.ConstructOrder_PREORDER)
	for _, c := range all {
		c.Node().Validate()
	}
	var out []string
	for _, c := range all {
		for _, m := range *c.Node().Metadata() {
			if *m.Type == "@cdktf/warn" {
				out = append(out, fmt.Sprint(m.Data))
			}
		}
	}
	return out
}

// warningIds are the ids the warnings end with (" [id]"), sorted.
func warningIds(ws []string) []string {
	ids := []string{}
	for _, w := range ws {
		i := strings.LastIndex(w, " [")
		if i >= 0 && strings.HasSuffix(w, "]") {
			ids = append(ids, w[i+2:len(w)-1])
		}
	}
	sort.Strings(ids)
	return ids
}
