package tests

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// NaN in a remote state's Defaults from Go: what a user sees (README, Go section). The jsii
// runtime cannot encode the call, so the library never gets the value, and the jsii process is
// closed for every later call. Run in a child process so the suite's own process lives on.
func TestNaNInDefaults(t *testing.T) {
	if os.Getenv("STATEBACKENDS_NAN_CHILD") == "1" {
		app := cdktf.Testing_App(nil)
		stack := cdktf.NewTerraformStack(app, jsii.String("s"))
		func() {
			defer func() { println("FIRST", fmt.Sprint(recover())) }()
			sb.NewDataTerraformRemoteStateGcs(stack, jsii.String("x"), &sb.DataTerraformRemoteStateGcsConfig{
				Bucket:   jsii.String("acme-tfstate"),
				Defaults: &map[string]interface{}{"n": math.NaN()},
			})
			println("ACCEPTED")
		}()
		cdktf.NewTerraformStack(app, jsii.String("t"))
		println("SECOND OK")
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestNaNInDefaults$")
	cmd.Env = append(os.Environ(), "STATEBACKENDS_NAN_CHILD=1")
	out, _ := cmd.CombinedOutput()
	text := string(out)
	if strings.Contains(text, "ACCEPTED") {
		t.Fatalf("NaN in defaults was accepted:\n%s", text)
	}
	t.Logf("what a Go user sees:\n%s", text)
	// THEN the Go runtime cannot encode the call (the library never sees it), and the next call finds
	// the jsii process closed
	assertContains(t, text, "FIRST json: unsupported value: NaN", "panic: this process has been closed")
	if strings.Contains(text, "SECOND OK") {
		t.Errorf("the call after NaN worked:\n%s", text)
	}
}
