package tests

import (
	"testing"

	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// Every component with every field set once, from Go: one subtest per emitted key (the default
// target), from cdktf.Testing_Synth.
func TestEveryFieldEmitsItsKey(t *testing.T) {
	for _, f := range fixtures {
		t.Run(f.name, func(t *testing.T) {
			stack := newStack(defaultTarget, "stack")
			f.build(stack, defaultTarget)
			checkKeys(t, f.path, at(t, synth(t, stack), f.path), f.keys)
		})
	}
}

// The settings only OpenTofu has, under an OpenTofu target.
func TestOpenTofuOnlyFields(t *testing.T) {
	tofu := target{"opentofu", "1.12.6"}
	t.Run("GcsBackend universeDomain", func(t *testing.T) {
		stack := newStack(tofu, "stack")
		sb.NewGcsBackend(stack, &sb.GcsBackendConfig{Bucket: jsii.String(gcsBucket), UniverseDomain: jsii.String(gcsUniverseDomain)})
		checkKeys(t, "terraform.backend.gcs", at(t, synth(t, stack), "terraform.backend.gcs"),
			keys{{"bucket", gcsBucket}, {"universe_domain", gcsUniverseDomain}})
	})
	t.Run("AzurermBackend timeoutSeconds, encryptionScope, adoServiceConnectionId", func(t *testing.T) {
		stack := newStack(tofu, "stack")
		sb.NewAzurermBackend(stack, &sb.AzurermBackendConfig{
			ContainerName: jsii.String(azurermContainerName), Key: jsii.String(azurermKey), StorageAccountName: jsii.String(azurermStorageAccountName),
			TimeoutSeconds: jsii.Number(azurermTimeoutSeconds), EncryptionScope: jsii.String(azurermEncryptionScope),
			AdoServiceConnectionId: jsii.String(azurermAdoServiceConnectionId),
		})
		checkKeys(t, "terraform.backend.azurerm", at(t, synth(t, stack), "terraform.backend.azurerm"), keys{
			{"container_name", azurermContainerName}, {"key", azurermKey}, {"storage_account_name", azurermStorageAccountName},
			{"timeout_seconds", azurermTimeoutSeconds}, {"encryption_scope", azurermEncryptionScope},
			{"ado_service_connection_id", azurermAdoServiceConnectionId},
		})
	})
	t.Run("DataTerraformRemoteStateAzurerm customerProvidedKey", func(t *testing.T) {
		stack := newStack(tofu, "stack")
		sb.NewDataTerraformRemoteStateAzurerm(stack, jsii.String("rs"), &sb.DataTerraformRemoteStateAzurermConfig{
			ContainerName: jsii.String(azurermContainerName), Key: jsii.String(azurermKey), StorageAccountName: jsii.String(azurermStorageAccountName),
			CustomerProvidedKey: jsii.String(azurermCustomerProvidedKey),
		})
		checkKeys(t, "data.terraform_remote_state.rs.config", at(t, synth(t, stack), "data.terraform_remote_state.rs.config"), keys{
			{"container_name", azurermContainerName}, {"key", azurermKey}, {"storage_account_name", azurermStorageAccountName},
			{"customer_provided_key", azurermCustomerProvidedKey},
		})
	})
}

// cdktf's spellings of the azurerm settings the spec names differently emit the same keys.
func TestAzurermCdktfSpellings(t *testing.T) {
	stack := newStack(defaultTarget, "stack")
	sb.NewAzurermBackend(stack, &sb.AzurermBackendConfig{
		ContainerName: jsii.String(azurermContainerName), Key: jsii.String(azurermKey), StorageAccountName: jsii.String(azurermStorageAccountName),
		MsiEndpoint: jsii.String(azurermManagedIdentityEndpoint), UseMsi: jsii.Bool(true), UseAzureadAuth: jsii.Bool(true),
	})
	checkKeys(t, "terraform.backend.azurerm", at(t, synth(t, stack), "terraform.backend.azurerm"), keys{
		{"container_name", azurermContainerName}, {"key", azurermKey}, {"storage_account_name", azurermStorageAccountName},
		{"msi_endpoint", azurermManagedIdentityEndpoint}, {"use_msi", true}, {"use_azuread_auth", true},
	})
}

// A refusal surfaces in Go as a panic whose message names the field and never holds a secret.
// A refusal's rule ids, read from the panic's message (Go gets no error class across jsii).
func TestRuleIdsOf(t *testing.T) {
	stack := newStack(defaultTarget, "stack")
	message := refused(t, func() {
		sb.NewOssBackend(stack, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket), AssumeRoleSessionExpiration: jsii.Number(100)})
	})
	if got := *sb.StateBackendErrors_RuleIdsOf(jsii.String(message)); len(got) != 1 || *got[0] != "oss/session-expiration" {
		t.Errorf("rule ids of %q: got %v", message, got)
	}
	if got := *sb.StateBackendErrors_RuleIdsOf(jsii.String("not this library's message")); len(got) != 0 {
		t.Errorf("rule ids of another message: got %v", got)
	}
}

func TestRefusals(t *testing.T) {
	cases := []struct {
		name   string
		build  func(stack cdktf.TerraformStack)
		fields []string
	}{
		{"gcs encryptionKey that is not 32 bytes", func(s cdktf.TerraformStack) {
			sb.NewGcsBackend(s, &sb.GcsBackendConfig{Bucket: jsii.String(gcsBucket), AccessToken: jsii.String(gcsAccessToken), EncryptionKey: jsii.String("abc")})
		}, []string{"invalid gcs backend (target " + defaultTarget.String() + ") at stack/backend:", "encryptionKey", "32 bytes"}},
		{"gcs encryptionKey and kmsEncryptionKey both set", func(s cdktf.TerraformStack) {
			c := gcsBackendConfig(defaultTarget, gcsButKms...)
			c.KmsEncryptionKey = jsii.String(gcsKmsEncryptionKey)
			sb.NewGcsBackend(s, c)
		}, []string{"encryptionKey", "kmsEncryptionKey"}},
		{"cos acl outside the allowed values", func(s cdktf.TerraformStack) {
			sb.NewDataTerraformRemoteStateCos(s, jsii.String("network"), &sb.DataTerraformRemoteStateCosConfig{Bucket: jsii.String(cosBucket),
				SecretId: jsii.String(cosSecretId), SecretKey: jsii.String(cosSecretKey), SecurityToken: jsii.String(cosSecurityToken),
				Acl: jsii.String("public-read-write")})
		}, []string{"invalid cos remote state (target " + defaultTarget.String() + ") at stack/network:", "- acl: ", `"private", "public-read"`}},
		{"oss assumeRoleSessionExpiration out of range", func(s cdktf.TerraformStack) {
			c := ossBackendConfig(defaultTarget, except(ossButBlock, ossLocks...)...)
			c.AssumeRoleSessionExpiration = jsii.Number(100)
			sb.NewOssBackend(s, c)
		}, []string{"invalid oss backend (target " + defaultTarget.String() + ") at stack/backend:", "assumeRoleSessionExpiration", "got 100, expected 900 to 3600 seconds"}},
		{"oss lockStoreTable and tablestoreTable disagree", func(s cdktf.TerraformStack) {
			sb.NewOssBackend(s, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket), SecretKey: jsii.String(ossSecretKey),
				LockStoreTable: jsii.String(ossLockStoreTable), TablestoreTable: jsii.String("other_table")})
		}, []string{"lockStoreTable", "tablestoreTable"}},
		{"azurerm useGraphApi false for Terraform 1.3+", func(s cdktf.TerraformStack) {
			sb.NewDataTerraformRemoteStateAzurerm(s, jsii.String("shared"), &sb.DataTerraformRemoteStateAzurermConfig{
				ContainerName: jsii.String(azurermContainerName), Key: jsii.String(azurermKey), StorageAccountName: jsii.String(azurermStorageAccountName),
				ResourceGroupName: jsii.String(azurermResourceGroupName), ClientId: jsii.String(azurermClientId), ClientSecret: jsii.String(azurermClientSecret),
				TenantId: jsii.String(azurermTenantId), SasToken: jsii.String(azurermSasToken), UseGraphApi: jsii.Bool(false)})
		}, []string{"invalid azurerm remote state (target " + defaultTarget.String() + ") at stack/shared:", "useGraphApi", "got false"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stack := newStack(defaultTarget, "stack")
			message := refused(t, func() { c.build(stack) })
			assertContains(t, message, c.fields...)
			assertNoSecrets(t, message, secretSamples...)
			assertNoSecrets(t, message, `"abc"`)
		})
	}
	t.Run("cos Terraform-only fields under OpenTofu", func(t *testing.T) {
		tofu := target{"opentofu", "1.12.6"}
		stack := newStack(tofu, "stack")
		message := refused(t, func() {
			fixtureNamed(t, "DataTerraformRemoteStateCos, every field, with CosBackendAssumeRole").build(stack, defaultTarget)
		})
		assertContains(t, message, "invalid cos remote state (target opentofu@1.12.6) at stack/cos:",
			"- endpoint: ", "- domain: ", "- camRoleName: ", "- profile: ", "- sharedCredentialsDir: ", "- assumeRole.externalId: ")
		assertNoSecrets(t, message, secretSamples...)
	})
	t.Run("oss lockStoreInstanceName under Terraform 1.11.4", func(t *testing.T) {
		stack := newStack(target{"terraform", "1.11.4"}, "stack")
		message := refused(t, func() {
			sb.NewOssBackend(stack, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket), SecretKey: jsii.String(ossSecretKey), LockStoreInstanceName: jsii.String(ossLockStoreInstanceName)})
		})
		assertContains(t, message, "lockStoreInstanceName", "terraform@1.11.4")
		assertNoSecrets(t, message, secretSamples...)
	})
}
