package tests

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// The real tools are the judges, as in test/java's TerraformValidateTest and test/python's
// judges.py: every fixture, synthesized from Go for the judge's tool and version, becomes a
// terraform_remote_state data source (a backend block's attributes become its config, a nested
// block a one-element list) of one configuration, which the judge checks offline with
// `init -backend=false` and `validate -json`: no backend is initialised, checkpoint calls are off,
// the CLI configuration is an empty file, and the run has no network (`unshare -n`) where the
// machine allows it. The OpenTofu judges also validate a StateEncryption block synthesized from Go.
//
// Judges: those of scripts/judges.txt (the view of test/support/judge-rows.ts every language's suite
// reads) that the languages tier runs: terraform on PATH, Terraform built (from its source archive
// or the Go module proxy) into <cache>/terraform/<version>/terraform (or the binary
// $STATE_BACKENDS_TERRAFORM_<x_y_z> names) and OpenTofu built into <cache>/tofu/<version>/tofu,
// both by scripts/judges.sh; <cache> is ${STATE_BACKENDS_CACHE:-~/.cache/cdktf-state-backends},
// and $STATE_BACKENDS_OPENTOFU_JUDGES replaces the OpenTofu versions. A missing judge fails
// under CI and is skipped, loudly, elsewhere.

type judge struct {
	target
	binary string
}

func (j judge) name() string { return j.tool + " " + j.version }

// listedJudge is one line of scripts/judges.txt: tool, version, where its binary comes from.
type listedJudge struct{ tool, version, from string }

// listedJudges reads the lines of scripts/judges.txt whose tiers= names the languages tier;
// $STATE_BACKENDS_OPENTOFU_JUDGES replaces its OpenTofu lines.
func listedJudges(t *testing.T) []listedJudge {
	f, err := os.Open("../../scripts/judges.txt")
	if err != nil {
		t.Fatalf("reading the judge list: %v", err)
	}
	defer f.Close()
	override := strings.Fields(os.Getenv("STATE_BACKENDS_OPENTOFU_JUDGES"))
	var out []listedJudge
	s := bufio.NewScanner(f)
	for s.Scan() {
		w := strings.Fields(strings.SplitN(s.Text(), "#", 2)[0])
		if len(w) == 0 || (len(override) > 0 && w[0] == "opentofu") {
			continue
		}
		if len(w) < 3 {
			t.Fatalf("scripts/judges.txt: cannot read %q", s.Text())
		}
		inTier := false
		for _, kv := range w[3:] {
			if tiers, ok := strings.CutPrefix(kv, "tiers="); ok {
				inTier = strings.Contains(","+tiers+",", ",languages,")
			}
		}
		if inTier {
			out = append(out, listedJudge{w[0], w[1], w[2]})
		}
	}
	for _, v := range override {
		out = append(out, listedJudge{"opentofu", v, "proxy"})
	}
	return out
}

// binary is where the judge is: terraform on PATH, or where scripts/judges.sh builds it (a built
// Terraform: the binary $STATE_BACKENDS_TERRAFORM_<x_y_z> names, when set).
func (l listedJudge) binary() string {
	switch {
	case l.from == "path":
		return "terraform"
	case l.tool == "terraform":
		if b := os.Getenv("STATE_BACKENDS_TERRAFORM_" + strings.ReplaceAll(l.version, ".", "_")); b != "" {
			return b
		}
		return filepath.Join(cacheDir(), "terraform", l.version, "terraform")
	}
	return filepath.Join(cacheDir(), "tofu", l.version, "tofu")
}

func cacheDir() string {
	if c := os.Getenv("STATE_BACKENDS_CACHE"); c != "" {
		return c
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "cdktf-state-backends")
}

// cliConfig is an empty CLI configuration file, so no user or machine setting reaches the judges.
func judgeEnv(t *testing.T) []string {
	cfg := filepath.Join(t.TempDir(), "empty.tfrc")
	if err := os.WriteFile(cfg, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return append(os.Environ(), "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "TF_INPUT=0", "NO_COLOR=1",
		"TF_CLI_CONFIG_FILE="+cfg, "TOFU_CLI_CONFIG_FILE="+cfg)
}

// sandbox is the command prefix that cuts a judge off the network, empty where the machine cannot.
func sandbox() []string {
	for _, prefix := range [][]string{{"unshare", "-n", "--"}, {"unshare", "-r", "-n", "--"}} {
		probe := append(append([]string{}, prefix[1:len(prefix)-1]...), "true")
		if exec.Command(prefix[0], probe...).Run() == nil {
			return prefix
		}
	}
	return nil
}

// missingJudge fails under CI and skips loudly elsewhere.
func missingJudge(t *testing.T, problem string) {
	t.Helper()
	message := "!!! " + problem
	if os.Getenv("CI") != "" {
		t.Fatal(message + " (CI is set, so this is a failure)")
	}
	fmt.Fprintf(os.Stderr, "\n%s\n\n", message)
	t.Skip(message)
}

func findJudge(t *testing.T, tool, binary, expected string) judge {
	t.Helper()
	cmd := exec.Command(binary, "version", "-json")
	cmd.Env = judgeEnv(t)
	out, err := cmd.Output()
	if i := strings.IndexByte(string(out), '{'); i > 0 {
		out = out[i:] // a notice before the JSON
	}
	if err != nil {
		if expected == "" {
			missingJudge(t, fmt.Sprintf("terraform is not on PATH (%v); install Terraform (the release scripts/judges.txt gives, in CI) to run the tool checks", err))
		}
		missingJudge(t, fmt.Sprintf("%s %s is not at %s (%v); run `npx projen judges` (needs Go 1.26+; see CONTRIBUTING.md)", tool, expected, binary, err))
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s version -json: %v", binary, err)
	}
	if expected != "" && v.Version != expected {
		t.Fatalf("%s reports version %s, expected %s", binary, v.Version, expected)
	}
	return judge{target{tool, v.Version}, binary}
}

type validation struct {
	Valid       bool `json:"valid"`
	Diagnostics []struct {
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
		Detail   string `json:"detail"`
		Address  string `json:"address"`
	} `json:"diagnostics"`
}

func (v validation) of(severity string) []string {
	var out []string
	for _, d := range v.Diagnostics {
		if d.Severity == severity {
			out = append(out, strings.TrimSpace(d.Address+" "+d.Summary+": "+d.Detail))
		}
	}
	return out
}

// validate writes document to a fresh directory and runs the judge's init (no backend) and validate there.
func validate(t *testing.T, j judge, document any) validation {
	t.Helper()
	dir := t.TempDir()
	body, _ := json.MarshalIndent(document, "", " ")
	if err := os.WriteFile(filepath.Join(dir, "main.tf.json"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	env := judgeEnv(t)
	prefix := sandbox()
	run := func(args ...string) ([]byte, error) {
		argv := append(append(append([]string{}, prefix...), j.binary), args...)
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir, cmd.Env = dir, env
		return cmd.CombinedOutput()
	}
	if out, err := run("init", "-backend=false", "-input=false"); err != nil {
		t.Fatalf("%s init failed: %v\n%s", j.name(), err, out)
	}
	argv := append(append(append([]string{}, prefix...), j.binary), "validate", "-json")
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run() // exits 1 when the configuration is invalid
	var v validation
	if err := json.Unmarshal([]byte(stdout.String()), &v); err != nil {
		t.Fatalf("%s validate -json printed no JSON (%v, %v):\n%s%s", j.name(), runErr, err, stdout.String(), stderr.String())
	}
	return v
}

// remoteStatesOf synthesizes every fixture for the judge's target, each in a stack of its own,
// and turns their blocks into remote-state entries.
func remoteStatesOf(t *testing.T, j judge) (map[string]any, int) {
	entries := map[string]any{}
	backends := 0
	for i, f := range fixtures {
		// One app per fixture: fixtures of one store share a state object, which one app refuses.
		stack := cdktf.NewTerraformStack(newApp(j.target), jsii.String(fmt.Sprintf("s%d", i)))
		f.build(stack, j.target)
		doc := synth(t, stack)
		if tf, ok := doc["terraform"].(map[string]any); ok {
			for kind, attrs := range tf["backend"].(map[string]any) {
				config := map[string]any{}
				for k, v := range attrs.(map[string]any) {
					if obj, isObj := v.(map[string]any); isObj {
						config[k] = []any{obj}
					} else {
						config[k] = v
					}
				}
				entries[fmt.Sprintf("s%d_backend_%s", i, kind)] = map[string]any{"backend": kind, "config": config}
				backends++
			}
		}
		if data, ok := doc["data"].(map[string]any); ok {
			for name, rs := range data["terraform_remote_state"].(map[string]any) {
				entries[fmt.Sprintf("s%d_%s", i, name)] = rs
			}
		}
	}
	return entries, backends
}

type judgeRef struct {
	label string
	tool  string
	find  func(t *testing.T) judge
}

func judges(t *testing.T) []judgeRef {
	var out []judgeRef
	for _, l := range listedJudges(t) {
		l := l
		label, expected := l.tool+" "+l.version, l.version
		if l.from == "path" {
			// whatever release is on PATH judges (CI installs the listed one)
			label, expected = "terraform on PATH", ""
		}
		out = append(out, judgeRef{label, l.tool, func(t *testing.T) judge { return findJudge(t, l.tool, l.binary(), expected) }})
	}
	return out
}

// Every judge accepts every backend and remote state of the Go-synthesized fixtures.
func TestJudgesAcceptEveryConfig(t *testing.T) {
	for _, ref := range judges(t) {
		ref := ref
		t.Run(ref.label, func(t *testing.T) {
			j := ref.find(t)
			entries, backends := remoteStatesOf(t, j)
			if len(entries) != len(fixtures) {
				t.Fatalf("%d entries for %d fixtures", len(entries), len(fixtures))
			}
			v := validate(t, j, map[string]any{"data": map[string]any{"terraform_remote_state": entries}})
			if errs := v.of("error"); len(errs) > 0 || !v.Valid {
				t.Fatalf("%s refuses a Go-synthesized config:\n%s", j.name(), strings.Join(errs, "\n"))
			}
			// the tools warn only about fields the library itself marks deprecated: azurerm endpoint for
			// terraform ("endpoint", in later releases "The argument .endpoint is deprecated"), msi_endpoint for OpenTofu 1.11+
			for _, w := range v.of("warning") {
				if !strings.Contains(w, `"endpoint"`) && !strings.Contains(w, "argument .endpoint is deprecated") && !strings.Contains(w, "msi_endpoint") {
					t.Errorf("%s warns: %s", j.name(), w)
				}
			}
			t.Logf("%s: %d remote-state configurations valid (%d from backend blocks), %s; warnings: %d",
				j.name(), len(entries), backends, map[bool]string{true: "without network", false: "with the network"}[sandbox() != nil], len(v.of("warning")))
		})
	}
}

// The check can fail: each judge refuses cdktf's storeage_custom_endpoint spelling.
func TestJudgesCanRefuse(t *testing.T) {
	for _, ref := range judges(t) {
		ref := ref
		t.Run(ref.label, func(t *testing.T) {
			j := ref.find(t)
			v := validate(t, j, map[string]any{"data": map[string]any{"terraform_remote_state": map[string]any{
				"typo": map[string]any{"backend": "gcs", "config": map[string]any{"bucket": gcsBucket, "storeage_custom_endpoint": gcsStoreageCustomEndpoint}},
			}}})
			if v.Valid || !strings.Contains(strings.Join(v.of("error"), "\n"), "storeage_custom_endpoint") {
				t.Errorf("%s accepted storeage_custom_endpoint: %+v", j.name(), v)
			}
		})
	}
}

// The OpenTofu judges accept a StateEncryption block synthesized from Go (1.7.0+; before, the
// library refuses it).
func TestOpenTofuJudgesAcceptStateEncryption(t *testing.T) {
	for _, ref := range judges(t) {
		ref := ref
		if ref.tool != "opentofu" {
			continue
		}
		t.Run(ref.label, func(t *testing.T) {
			j := ref.find(t)
			stack := newStack(j.target, "producer")
			if !j.has("", "1.7.0") {
				// no state encryption before OpenTofu 1.7.0: the library refuses it, as the tool would
				message := refused(t, func() {
					sb.NewStateEncryption(stack, &sb.StateEncryptionProps{State: &sb.EnforceableEncryptionTarget{
						Method: sb.EncryptionMethod_Unencrypted(jsii.String("migrate"))}})
				})
				assertContains(t, message, "first available in opentofu 1.7.0")
				return
			}
			key := sb.EncryptionKeyProvider_Pbkdf2(jsii.String("main"), &sb.Pbkdf2KeyProviderProps{
				Passphrase: jsii.String("correct-horse-battery-staple"), Iterations: jsii.Number(600000)})
			aes := sb.EncryptionMethod_AesGcm(jsii.String("main"), &sb.AesGcmMethodProps{Keys: key})
			sb.NewStateEncryption(stack, &sb.StateEncryptionProps{
				State: &sb.EnforceableEncryptionTarget{Method: aes, Fallbacks: &[]sb.EncryptionMethod{sb.EncryptionMethod_Unencrypted(jsii.String("migrate"))}},
				Plan:  &sb.EnforceableEncryptionTarget{Method: aes},
			})
			doc := synth(t, stack)
			if _, ok := at(t, doc, "terraform")["encryption"]; !ok {
				t.Fatalf("no encryption block in %v", doc)
			}
			v := validate(t, j, doc)
			if errs := v.of("error"); len(errs) > 0 || !v.Valid {
				t.Fatalf("%s refuses the encryption block:\n%s", j.name(), strings.Join(errs, "\n"))
			}
		})
	}
}
