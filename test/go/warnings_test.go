package tests

import (
	"reflect"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

const (
	oidcPairID   = "azurerm/oidc-request-pair"
	oidcReason   = "GitHub Actions sets ACTIONS_ID_TOKEN_REQUEST_URL"
	literalID    = "field/literal-secret"
	oidcPassword = "placeholder-oidc-request-token"
)

var terraform1114 = target{"terraform", "1.11.4"}

// OIDC with the request token set and the url left to the environment: the oidc-request-pair
// warning, and the literal-secret one.
func oidcTokenOnly() *sb.AzurermBackendConfig {
	return &sb.AzurermBackendConfig{
		StorageAccountName: jsii.String(azurermStorageAccountName), ContainerName: jsii.String(azurermContainerName), Key: jsii.String(azurermKey),
		ResourceGroupName: jsii.String(azurermResourceGroupName), UseOidc: jsii.Bool(true), OidcRequestToken: jsii.String(oidcPassword),
	}
}

func TestWarnings(t *testing.T) {
	t.Run("read at synth, each ending with its id, naming the env var, never the secret", func(t *testing.T) {
		stack := newStack(terraform1114, "producer")
		sb.NewAzurermBackend(stack, oidcTokenOnly())
		ws := warnings(stack)
		if got := warningIds(ws); !reflect.DeepEqual(got, []string{oidcPairID, literalID}) {
			t.Fatalf("warning ids: got %v in %v", got, ws)
		}
		for _, w := range ws {
			if strings.HasSuffix(w, " ["+oidcPairID+"]") {
				assertContains(t, w, "ACTIONS_ID_TOKEN_REQUEST_URL")
			}
			assertNoSecrets(t, w, oidcPassword)
		}
	})
	t.Run("acknowledging on the backend removes that warning only", func(t *testing.T) {
		stack := newStack(terraform1114, "producer")
		backend := sb.NewAzurermBackend(stack, oidcTokenOnly())
		sb.StateBackendWarnings_Acknowledge(backend, jsii.String(oidcPairID), jsii.String(oidcReason))
		if got := warningIds(warnings(stack)); !reflect.DeepEqual(got, []string{literalID}) {
			t.Errorf("warning ids: got %v", got)
		}
	})
	t.Run("acknowledging on the app covers its stacks", func(t *testing.T) {
		app := newApp(terraform1114)
		stack := cdktf.NewTerraformStack(app, jsii.String("producer"))
		sb.NewAzurermBackend(stack, oidcTokenOnly())
		sb.StateBackendWarnings_Acknowledge(app, jsii.String(oidcPairID), jsii.String(oidcReason))
		sb.StateBackendWarnings_Acknowledge(app, jsii.String(literalID), jsii.String("a placeholder replaced at deploy time"))
		if got := warnings(stack); len(got) != 0 {
			t.Errorf("warnings: got %v", got)
		}
	})
	t.Run("an unknown id is refused with a panic", func(t *testing.T) {
		backend := sb.NewAzurermBackend(newStack(terraform1114, "producer"), oidcTokenOnly())
		message := refused(t, func() {
			sb.StateBackendWarnings_Acknowledge(backend, jsii.String("azurerm/no-such-warning"), jsii.String(oidcReason))
		})
		assertContains(t, message, `acknowledge: got "azurerm/no-such-warning", expected the id of one of this library's warnings`)
	})
	t.Run("strict mode fails cdktf.Testing_Synth naming the ids", func(t *testing.T) {
		app := newApp(terraform1114)
		sb.StateBackendWarnings_Strict(app)
		stack := cdktf.NewTerraformStack(app, jsii.String("producer"))
		sb.NewAzurermBackend(stack, oidcTokenOnly())
		message := refused(t, func() { cdktf.Testing_Synth(stack, jsii.Bool(true)) })
		assertContains(t, message, "["+oidcPairID+"]", "["+literalID+"]")
		assertNoSecrets(t, message, oidcPassword)
	})
	t.Run("strict mode accepts acknowledged warnings", func(t *testing.T) {
		app := newApp(terraform1114)
		sb.StateBackendWarnings_Strict(app)
		stack := cdktf.NewTerraformStack(app, jsii.String("producer"))
		sb.NewAzurermBackend(stack, oidcTokenOnly())
		sb.StateBackendWarnings_Acknowledge(app, jsii.String(oidcPairID), jsii.String(oidcReason))
		sb.StateBackendWarnings_Acknowledge(app, jsii.String(literalID), jsii.String("a placeholder replaced at deploy time"))
		checkKeys(t, "terraform.backend.azurerm", at(t, synth(t, stack), "terraform.backend.azurerm"), keys{
			{"storage_account_name", azurermStorageAccountName}, {"container_name", azurermContainerName}, {"key", azurermKey},
			{"resource_group_name", azurermResourceGroupName}, {"use_oidc", true}, {"oidc_request_token", oidcPassword}})
	})
	t.Run("the ids include the oidc pair", func(t *testing.T) {
		found := false
		for _, id := range *sb.StateBackendWarnings_Ids() {
			found = found || *id == oidcPairID
		}
		if !found {
			t.Errorf("%s is not among StateBackendWarnings_Ids()", oidcPairID)
		}
	})
}

// The target helper from Go: parsed, read back from a scope, applied to an app.
func TestTarget(t *testing.T) {
	parsed := sb.StateBackendTarget_Parse(jsii.String("opentofu@1.12.6"))
	if parsed.Tool() != sb.TargetTool_OPENTOFU || *parsed.Version() != "1.12.6" || *parsed.ToString() != "opentofu@1.12.6" {
		t.Errorf("Parse: got %v %v %v", parsed.Tool(), *parsed.Version(), *parsed.ToString())
	}
	if got := *sb.StateBackendTarget_DEFAULT().ToString(); got != defaultTarget.String() {
		t.Errorf("DEFAULT: got %q", got)
	}
	stack := newStack(terraform1114, "stack")
	if got := *sb.StateBackendTarget_Of(stack).ToString(); got != "terraform@1.11.4" {
		t.Errorf("Of(stack): got %q", got)
	}
	message := refused(t, func() { sb.StateBackendTarget_Parse(jsii.String("pulumi@3")) })
	assertContains(t, message, "pulumi@3")
}

// StateEncryption built from Go: key providers and methods from their factories, the construct
// with its props struct, and AddRemoteState.
func TestStateEncryption(t *testing.T) {
	stack := newStack(target{"opentofu", "1.12.6"}, "producer")
	passphrase := cdktf.NewTerraformVariable(stack, jsii.String("passphrase"), &cdktf.TerraformVariableConfig{
		Type: jsii.String("string"), Sensitive: jsii.Bool(true)})
	key := sb.EncryptionKeyProvider_Pbkdf2(jsii.String("main"), &sb.Pbkdf2KeyProviderProps{
		Passphrase: passphrase.StringValue(), HashFunction: sb.Pbkdf2HashFunction_SHA512, Iterations: jsii.Number(600000)})
	aes := sb.EncryptionMethod_AesGcm(jsii.String("main"), &sb.AesGcmMethodProps{Keys: key})
	migrate := sb.EncryptionMethod_Unencrypted(jsii.String("migrate"))
	network := sb.NewDataTerraformRemoteStateGcs(stack, jsii.String("network"), &sb.DataTerraformRemoteStateGcsConfig{
		Bucket: jsii.String(gcsBucket), Prefix: jsii.String("network")})
	encryption := sb.NewStateEncryption(stack, &sb.StateEncryptionProps{
		State:        &sb.EnforceableEncryptionTarget{Method: aes, Fallbacks: &[]sb.EncryptionMethod{migrate}},
		Plan:         &sb.EnforceableEncryptionTarget{Method: aes, Enforced: jsii.Bool(true)},
		RemoteStates: &[]*sb.RemoteStateEncryption{{RemoteState: network, Method: aes}},
	})
	legacy := cdktf.NewDataTerraformRemoteStateLocal(stack, jsii.String("legacy"), &cdktf.DataTerraformRemoteStateLocalConfig{
		Path: jsii.String("../legacy/terraform.tfstate")})
	encryption.AddRemoteState(legacy, &sb.EncryptionTarget{Method: migrate})

	enc := at(t, synth(t, stack), "terraform.encryption")
	checkKeys(t, "terraform.encryption", enc, keys{
		{"key_provider", keys{{"pbkdf2", keys{{"main", keys{
			{"passphrase", "${var.passphrase}"}, {"iterations", 600000}, {"hash_function", "sha512"}}}}}}},
		{"method", keys{
			{"aes_gcm", keys{{"main", keys{{"keys", "${key_provider.pbkdf2.main}"}}}}},
			{"unencrypted", keys{{"migrate", keys{}}}},
		}},
		{"state", keys{{"method", "method.aes_gcm.main"}, {"fallback", keys{{"method", "method.unencrypted.migrate"}}}}},
		{"plan", keys{{"method", "method.aes_gcm.main"}, {"enforced", true}}},
		{"remote_state_data_sources", keys{{"remote_state_data_source", keys{
			{"network", keys{{"method", "method.aes_gcm.main"}}},
			{"legacy", keys{{"method", "method.unencrypted.migrate"}}},
		}}}},
	})
	if *key.Address() != "key_provider.pbkdf2.main" || *aes.TypeName() != "aes_gcm" {
		t.Errorf("Address/TypeName: %s %s", *key.Address(), *aes.TypeName())
	}
	if !*sb.StateEncryption_IsStateEncryption(encryption) || *sb.StateEncryption_Of(stack).Node().Path() != *encryption.Node().Path() {
		t.Errorf("IsStateEncryption/Of do not find the construct")
	}
}
