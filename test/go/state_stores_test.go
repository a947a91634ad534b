package tests

import (
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// The state store constructs from Go, written as Go users write them: NewGcsStateBucket with its
// props struct, bucket.Backend(stack, &GcsBackendOptions{...}), the defaults a state store needs,
// and a loosening said out loud.

// onlyResource is the only resource of a type in a synthesized stack.
func onlyResource(t *testing.T, stack map[string]any, resourceType string) map[string]any {
	t.Helper()
	all := at(t, stack, "resource."+resourceType)
	if len(all) != 1 {
		t.Fatalf("%d %s resources, expected 1", len(all), resourceType)
	}
	for _, r := range all {
		return r.(map[string]any)
	}
	return nil
}

func TestStateStoreFromNothing(t *testing.T) {
	// GIVEN a bootstrap stack with the bucket, and a stack whose backend comes from it
	app := newApp(defaultTarget)
	bootstrap := cdktf.NewTerraformStack(app, jsii.String("bootstrap"))
	bucket := sb.NewGcsStateBucket(bootstrap, jsii.String("state"), &sb.GcsStateBucketProps{
		Name:     jsii.String("acme-tfstate"),
		Location: jsii.String("EU"),
	})
	network := cdktf.NewTerraformStack(app, jsii.String("network"))
	bucket.Backend(network, &sb.GcsBackendOptions{Prefix: jsii.String("network")})

	// THEN the bucket carries every default, one argument per subtest
	made := onlyResource(t, synth(t, bootstrap), "google_storage_bucket")
	checkKeys(t, "google_storage_bucket", made, keys{
		{"force_destroy", false},
		{"lifecycle", map[string]any{"prevent_destroy": true}},
		{"lifecycle_rule", []any{map[string]any{
			"action":    map[string]any{"type": "Delete"},
			"condition": map[string]any{"days_since_noncurrent_time": 365, "with_state": "ARCHIVED"},
		}}},
		{"location", "EU"},
		{"name", "acme-tfstate"},
		{"public_access_prevention", "enforced"},
		{"soft_delete_policy", map[string]any{"retention_duration_seconds": 604800}},
		{"uniform_bucket_level_access", true},
		{"versioning", map[string]any{"enabled": true}},
	})
	// AND the stack names the bucket once, and depends on the bootstrap stack
	checkKeys(t, "terraform.backend.gcs", at(t, synth(t, network), "terraform.backend.gcs"), keys{{"bucket", "acme-tfstate"}, {"prefix", "network"}})
	if deps := *network.Dependencies(); len(deps) != 1 || *deps[0].Node().Id() != "bootstrap" {
		t.Errorf("network depends on %v, expected bootstrap", deps)
	}
}

func TestStateStoreLoosenedByAField(t *testing.T) {
	bootstrap := newStack(defaultTarget, "bootstrap")
	sb.NewAzurermStateContainer(bootstrap, jsii.String("state"), &sb.AzurermStateContainerProps{
		StorageAccountName:          jsii.String("acmetfstate"),
		ResourceGroupName:           jsii.String("rg-tfstate"),
		Location:                    jsii.String("westeurope"),
		BlobSoftDeleteRetentionDays: jsii.Number(30),
	})
	account := onlyResource(t, synth(t, bootstrap), "azurerm_storage_account")
	if got := at(t, account, "blob_properties.delete_retention_policy")["days"]; got != float64(30) {
		t.Errorf("blob soft delete days = %v, expected 30", got)
	}
	if got := account["min_tls_version"]; got != "TLS1_2" {
		t.Errorf("min_tls_version = %v, expected TLS1_2", got)
	}
}

func TestStateStoreNameRefusedWithTheBackendsRule(t *testing.T) {
	bootstrap := newStack(defaultTarget, "bootstrap")
	message := refused(t, func() {
		sb.NewOssStateBucket(bootstrap, jsii.String("state"), &sb.OssStateBucketProps{
			Bucket: jsii.String("Acme_State"),
			Region: jsii.String("cn-hangzhou"),
		})
	})
	assertContains(t, message, "invalid OssStateBucket", "- bucket: got \"Acme_State\"", "[oss/bucket-name]")
	if strings.Contains(message, "lock") {
		t.Errorf("only the bucket is refused: %s", message)
	}
}
