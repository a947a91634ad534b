package tests

import (
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// One state object per stack, from Go: two stacks with the same backend settings fail the app's
// synth naming both; CosBackend_ForEachStack gives every stack its own prefix in one bucket.
func TestSharedState(t *testing.T) {
	t.Run("fails if two stacks share one state object", func(t *testing.T) {
		app := newApp(terraform1114)
		for _, name := range []string{"network", "database"} {
			sb.NewCosBackend(cdktf.NewTerraformStack(app, jsii.String(name)), &sb.CosBackendConfig{
				Bucket: jsii.String("tfstate-1250000000"), Region: jsii.String("ap-guangzhou"),
			})
		}
		message := refused(t, func() { app.Synth() })
		assertContains(t, message, `stacks "network" and "database" keep their state in one object: cos bucket="tfstate-1250000000" region="ap-guangzhou", object "terraform.tfstate"`)
		assertContains(t, message, "[stack/shared-state]")
	})
	t.Run("ForEachStack gives every stack its own prefix", func(t *testing.T) {
		app := newApp(terraform1114)
		network := cdktf.NewTerraformStack(app, jsii.String("network"))
		cdktf.NewTerraformStack(app, jsii.String("database"))
		made := sb.CosBackend_ForEachStack(app, &sb.CosBackendConfig{
			Bucket: jsii.String("tfstate-1250000000"), Region: jsii.String("ap-guangzhou"), Prefix: jsii.String("envs"),
		})
		paths := []string{}
		for _, b := range *made {
			paths = append(paths, *b.Node().Path())
		}
		if strings.Join(paths, ",") != "network/backend,database/backend" {
			t.Fatalf("backends made: %v", paths)
		}
		assertContains(t, *cdktf.Testing_Synth(network, nil), `"prefix": "envs/network"`)
		app.Synth()
	})
}
