package tests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The README's Go snippets compile and synthesize: each becomes the body of a function that gets
// a fresh stack `stack`, in a throwaway program with this module's requirements (the replace
// directives made absolute), run with `go run`.
func TestReadmeSnippets(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var snippets []string
	for _, m := range regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(string(readme), -1) {
		if !strings.HasPrefix(m[1], "import") {
			snippets = append(snippets, m[1])
		}
	}
	for _, name := range []string{"NewGcsBackend", "NewDataTerraformRemoteStateCos", "NewOssBackend", "NewDataTerraformRemoteStateAzurerm"} {
		if !strings.Contains(strings.Join(snippets, "\n"), name) {
			t.Errorf("no README Go snippet uses %s", name)
		}
	}

	dir := t.TempDir()
	here, _ := os.Getwd()
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goMod := strings.ReplaceAll(string(mod), "=> ../../", "=> "+filepath.Join(here, "../..")+"/")
	goMod = strings.Replace(goMod, "module github.com/statebackends/cdktf-state-backends/test/go", "module readme.local/snippets", 1)
	sum, _ := os.ReadFile("go.sum")
	var program strings.Builder
	program.WriteString(`package main

import (
	"fmt"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	"github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

var _ = jsii.String
var _ = cdktfstatebackends.StateBackendTarget_DEFAULT

func main() {
`)
	for i := range snippets {
		fmt.Fprintf(&program, "\t{\n\t\tstack := cdktf.NewTerraformStack(cdktf.Testing_App(nil), jsii.String(\"readme\"))\n\t\tsnippet%d(stack)\n\t\tfmt.Println(*cdktf.Testing_Synth(stack, jsii.Bool(true)))\n\t}\n", i)
	}
	program.WriteString("}\n")
	for i, s := range snippets {
		fmt.Fprintf(&program, "\nfunc snippet%d(stack cdktf.TerraformStack) {\n%s}\n", i, s)
	}
	for name, body := range map[string]string{"go.mod": goMod, "go.sum": string(sum), "main.go": program.String()} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the README's Go snippets fail: %v\n%s\n%s", err, out, program.String())
	}
	for _, want := range []string{`"gcs": {`, `"backend": "cos"`, `"oss": {`, `"tablestore_table": "terraform_lock"`, `"backend": "azurerm"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("%s is not in the snippets' output:\n%s", want, out)
		}
	}
}
