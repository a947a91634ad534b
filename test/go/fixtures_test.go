package tests

import (
	"encoding/base64"
	"testing"

	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// Valid sample values, the same as test/java's Samples and the TypeScript suite's
// test/support/stores.ts. Secrets are placeholders in angle brackets; refusals must never echo them.
var encryptionKey = func() string {
	key := make([]byte, 32)
	for i := range key {
		key[i] = byte(i)
	}
	return base64.StdEncoding.EncodeToString(key)
}()

const (
	gcsBucket         = "acme-tfstate"
	gcsPrefix         = "envs/prod"
	gcsCredentials    = "/secrets/gcp-service-account.json"
	gcsAccessToken    = "<ACCESS_TOKEN>"
	gcsImpersonate    = "terraform@acme.iam.gserviceaccount.com"
	gcsKmsKey         = "projects/acme/locations/europe-west1/keyRings/tf/cryptoKeys/state"
	gcsEndpoint       = "https://storage-acme.p.googleapis.com/storage/v1/b"
	gcsUniverseDomain = "universe.example.com"

	cosBucket          = "tfstate-1250000000"
	cosRegion          = "ap-guangzhou"
	cosSecretID        = "<SECRET_ID>"
	cosSecretKey       = "<SECRET_KEY>"
	cosSecurityToken   = "<SECURITY_TOKEN>"
	cosEndpoint        = "https://cos-internal.ap-guangzhou.tencentcos.cn"
	cosDomain          = "tencentcloudapi.com"
	cosPrefix          = "env:"
	cosKey             = "network/terraform.tfstate"
	cosRoleArn         = "qcs::cam::uin/100000000001:roleName/terraform"
	cosSessionName     = "cdktf"
	cosSessionDuration = 3600
	cosPolicy          = `{"version":"2.0","statement":[{"effect":"allow","action":["cos:GetObject"],"resource":["*"]}]}`
	cosExternalID      = "external-1"
	cosSharedCredsDir  = "/home/ci/.tccli"
	cosProfile         = "ci"
	cosCamRoleName     = "terraform-runner"

	ossBucket                 = "acme-tfstate"
	ossAccessKey              = "<ACCESS_KEY>"
	ossSecretKey              = "<SECRET_KEY>"
	ossSecurityToken          = "<SECURITY_TOKEN>"
	ossEcsRoleName            = "terraform-runner"
	ossRegion                 = "cn-hangzhou"
	ossStsEndpoint            = "sts.cn-hangzhou.aliyuncs.com"
	ossLockEndpoint           = "https://acme-lock.cn-hangzhou.ots.aliyuncs.com"
	ossEndpoint               = "oss-cn-hangzhou.aliyuncs.com"
	ossPrefix                 = "env:"
	ossKey                    = "network/terraform.tfstate"
	ossLockInstance           = "acme-lock"
	ossLockTable              = "terraform_lock"
	ossACL                    = "private"
	ossSharedCredentialsFile  = "/home/ci/.aliyun/config.json"
	ossProfile                = "ci"
	ossRoleArn                = "acs:ram::1000000000000001:role/terraform"
	ossSessionName            = "cdktf"
	ossBlockPolicy            = `{"Statement":[{"Action":["oss:GetObject"],"Effect":"Allow","Resource":["*"]}],"Version":"1"}`
	ossBlockSessionExpiration = 1800
	ossPolicy                 = `{"Statement":[{"Action":["oss:*"],"Effect":"Allow","Resource":["*"]}],"Version":"1"}`
	ossSessionExpiration      = 900

	azSubscriptionID     = "00000000-0000-0000-0000-000000000001"
	azResourceGroup      = "rg-tfstate"
	azAccount            = "acmetfstate"
	azContainer          = "tfstate"
	azKey                = "prod.terraform.tfstate"
	azEnvironment        = "usgovernment"
	azMetadataHost       = "management.azure.example.com"
	azAccessKey          = "<ACCESS_KEY>"
	azSasToken           = "<SAS_TOKEN>"
	azTenantID           = "00000000-0000-0000-0000-000000000002"
	azClientID           = "00000000-0000-0000-0000-000000000003"
	azClientIDFile       = "/var/run/secrets/azure/client-id"
	azEndpoint           = "https://management.local.azurestack.external"
	azClientCertificate  = "<CLIENT_CERTIFICATE>"
	azClientCertPath     = "/secrets/sp.pfx"
	azClientCertPassword = "<CLIENT_CERTIFICATE_PASSWORD>"
	azClientSecret       = "<CLIENT_SECRET>"
	azClientSecretFile   = "/var/run/secrets/azure/client-secret"
	azAdoConnectionID    = "00000000-0000-0000-0000-000000000004"
	azOidcRequestToken   = "<OIDC_REQUEST_TOKEN>"
	azOidcRequestURL     = "https://token.actions.githubusercontent.com"
	azOidcToken          = "<OIDC_TOKEN>"
	azOidcTokenFile      = "/var/run/secrets/azure/tokens/azure-identity-token"
	azMsiEndpoint        = "http://169.254.169.254/metadata/identity/oauth2/token"
	azTimeoutSeconds     = 120
	azEncryptionScope    = "tfstate-scope"
	workspace            = "staging"
)

var (
	gcsDelegates = []string{"a@acme.iam.gserviceaccount.com", "b@acme.iam.gserviceaccount.com"}
	defaults     = map[string]any{"vpc_id": "vpc-default", "replicas": 2, "enabled": true}
)

// The secret placeholders, which no refusal or warning may echo.
var secrets = []string{gcsAccessToken, cosSecretID, cosSecretKey, cosSecurityToken, ossAccessKey, ossSecretKey,
	azAccessKey, azSasToken, azClientCertificate, azClientCertPassword, azClientSecret, azOidcRequestToken, azOidcToken}

func strs(values ...string) *[]*string {
	out := make([]*string, len(values))
	for i, v := range values {
		out[i] = jsii.String(v)
	}
	return &out
}

func defaultsMap() *map[string]any {
	m := map[string]any{}
	for k, v := range defaults {
		m[k] = v
	}
	return &m
}

// only is the value when the condition holds, else nil (a field left unset).
func only[T any](cond bool, v *T) *T {
	if cond {
		return v
	}
	return nil
}

// A fixture is one fully configured component: it builds the construct for a target (every field
// that target's tool accepts, exclusive fields spread over fixtures, the gates of docs/FIELDS.md),
// and says where its block lands and which keys the default target emits. The key tests and the
// judges (validate_test.go) use the same fixtures, so every configuration the suite reads is one
// the judges have validated.
type fixture struct {
	name  string
	build func(scope constructs.Construct, t target)
	// path of the block in cdk.tf.json and its keys under the default target
	path string
	keys keys
}

func gcsEveryFieldButKms() *sb.GcsBackendConfig {
	return &sb.GcsBackendConfig{
		Bucket:                             jsii.String(gcsBucket),
		AccessToken:                        jsii.String(gcsAccessToken),
		Credentials:                        jsii.String(gcsCredentials),
		EncryptionKey:                      jsii.String(encryptionKey),
		ImpersonateServiceAccount:          jsii.String(gcsImpersonate),
		ImpersonateServiceAccountDelegates: strs(gcsDelegates...),
		Prefix:                             jsii.String(gcsPrefix),
		StoreageCustomEndpoint:             jsii.String(gcsEndpoint),
	}
}

var gcsEveryFieldButKmsKeys = keys{
	{"bucket", gcsBucket},
	{"access_token", gcsAccessToken},
	{"credentials", gcsCredentials},
	{"encryption_key", encryptionKey},
	{"impersonate_service_account", gcsImpersonate},
	{"impersonate_service_account_delegates", gcsDelegates},
	{"prefix", gcsPrefix},
	{"storage_custom_endpoint", gcsEndpoint},
}

func cosAssumeRole(t target) *sb.CosBackendAssumeRole {
	return &sb.CosBackendAssumeRole{
		RoleArn:         jsii.String(cosRoleArn),
		SessionName:     jsii.String(cosSessionName),
		SessionDuration: jsii.Number(cosSessionDuration),
		Policy:          jsii.String(cosPolicy),
		ExternalId:      only(t.has("1.10.0", ""), jsii.String(cosExternalID)),
	}
}

var cosAssumeRoleKeys = keys{
	{"role_arn", cosRoleArn},
	{"session_name", cosSessionName},
	{"session_duration", cosSessionDuration},
	{"policy", cosPolicy},
	{"external_id", cosExternalID},
}

var cosFieldKeys = keys{
	{"secret_id", cosSecretID},
	{"secret_key", cosSecretKey},
	{"security_token", cosSecurityToken},
	{"region", cosRegion},
	{"bucket", cosBucket},
	{"endpoint", cosEndpoint},
	{"domain", cosDomain},
	{"prefix", cosPrefix},
	{"key", cosKey},
	{"encrypt", true},
	{"acl", "public-read"},
	{"accelerate", true},
	{"shared_credentials_dir", cosSharedCredsDir},
	{"profile", cosProfile},
	{"cam_role_name", cosCamRoleName},
}

func ossCommon(t target) *sb.OssBackendConfig {
	return &sb.OssBackendConfig{
		Bucket:                      jsii.String(ossBucket),
		AccessKey:                   jsii.String(ossAccessKey),
		Acl:                         jsii.String(ossACL),
		AssumeRolePolicy:            jsii.String(ossPolicy),
		AssumeRoleRoleArn:           jsii.String(ossRoleArn),
		AssumeRoleSessionExpiration: jsii.Number(ossSessionExpiration),
		AssumeRoleSessionName:       jsii.String(ossSessionName),
		EcsRoleName:                 jsii.String(ossEcsRoleName),
		Encrypt:                     jsii.Bool(true),
		Endpoint:                    jsii.String(ossEndpoint),
		Key:                         jsii.String(ossKey),
		Prefix:                      jsii.String(ossPrefix),
		Profile:                     jsii.String(ossProfile),
		Region:                      jsii.String(ossRegion),
		SecretKey:                   jsii.String(ossSecretKey),
		SecurityToken:               jsii.String(ossSecurityToken),
		SharedCredentialsFile:       jsii.String(ossSharedCredentialsFile),
		StsEndpoint:                 jsii.String(ossStsEndpoint),
	}
}

var ossFieldKeys = keys{
	{"access_key", ossAccessKey},
	{"secret_key", ossSecretKey},
	{"security_token", ossSecurityToken},
	{"ecs_role_name", ossEcsRoleName},
	{"region", ossRegion},
	{"sts_endpoint", ossStsEndpoint},
	{"tablestore_endpoint", ossLockEndpoint},
	{"endpoint", ossEndpoint},
	{"bucket", ossBucket},
	{"prefix", ossPrefix},
	{"key", ossKey},
	{"tablestore_instance_name", ossLockInstance},
	{"tablestore_table", ossLockTable},
	{"encrypt", true},
	{"acl", ossACL},
	{"shared_credentials_file", ossSharedCredentialsFile},
	{"profile", ossProfile},
	{"assume_role_role_arn", ossRoleArn},
	{"assume_role_session_name", ossSessionName},
	{"assume_role_policy", ossPolicy},
	{"assume_role_session_expiration", ossSessionExpiration},
}

func ossAssumeRoleBlock() *sb.OssAssumeRole {
	return &sb.OssAssumeRole{
		RoleArn:           jsii.String(ossRoleArn),
		SessionName:       jsii.String(ossSessionName),
		Policy:            jsii.String(ossBlockPolicy),
		SessionExpiration: jsii.Number(ossBlockSessionExpiration),
	}
}

var ossAssumeRoleKeys = keys{
	{"role_arn", ossRoleArn},
	{"session_name", ossSessionName},
	{"policy", ossBlockPolicy},
	{"session_expiration", ossBlockSessionExpiration},
}

// azurermBackend: every spec 2.5 field in the spec's spellings (managedIdentityEndpoint,
// useDirectoryAuth, useManagedIdentity) plus the newer settings, gated by target.
func azurermBackend(t target) *sb.AzurermBackendConfig {
	opentofu := t.tool == "opentofu"
	return &sb.AzurermBackendConfig{
		ContainerName:             jsii.String(azContainer),
		Key:                       jsii.String(azKey),
		StorageAccountName:        jsii.String(azAccount),
		ResourceGroupName:         jsii.String(azResourceGroup),
		AccessKey:                 jsii.String(azAccessKey),
		ClientCertificatePassword: jsii.String(azClientCertPassword),
		ClientCertificatePath:     jsii.String(azClientCertPath),
		ClientId:                  jsii.String(azClientID),
		ClientSecret:              jsii.String(azClientSecret),
		Endpoint:                  jsii.String(azEndpoint),
		Environment:               jsii.String(azEnvironment),
		// OpenTofu takes environment or metadataHost, not both
		MetadataHost:            only(!opentofu, jsii.String(azMetadataHost)),
		ManagedIdentityEndpoint: jsii.String(azMsiEndpoint),
		OidcRequestToken:        jsii.String(azOidcRequestToken),
		OidcRequestUrl:          jsii.String(azOidcRequestURL),
		OidcToken:               jsii.String(azOidcToken),
		SasToken:                jsii.String(azSasToken),
		Snapshot:                jsii.Bool(true),
		SubscriptionId:          jsii.String(azSubscriptionID),
		TenantId:                jsii.String(azTenantID),
		UseDirectoryAuth:        jsii.Bool(true),
		UseManagedIdentity:      jsii.Bool(true),
		UseOidc:                 jsii.Bool(true),
		AdoServiceConnectionId:  only(t.has("1.11.2", "1.12.0"), jsii.String(azAdoConnectionID)),
		ClientCertificate:       only(t.has("1.11.0", "1.11.0"), jsii.String(azClientCertificate)),
		UseCli:                  only(t.has("1.11.0", "1.11.0"), jsii.Bool(false)),
		UseAksWorkloadIdentity:  only(t.has("1.11.0", "1.11.0"), jsii.Bool(true)),
		LookupBlobEndpoint:      only(t.has("1.11.2", ""), jsii.Bool(true)),
		TimeoutSeconds:          only(t.has("", "1.9.0"), jsii.Number(azTimeoutSeconds)),
		EncryptionScope:         only(t.has("", "1.12.0"), jsii.String(azEncryptionScope)),
	}
}

var azurermKeys = keys{
	{"subscription_id", azSubscriptionID},
	{"resource_group_name", azResourceGroup},
	{"storage_account_name", azAccount},
	{"container_name", azContainer},
	{"key", azKey},
	{"lookup_blob_endpoint", true},
	{"snapshot", true},
	{"environment", azEnvironment},
	{"metadata_host", azMetadataHost},
	{"access_key", azAccessKey},
	{"sas_token", azSasToken},
	{"tenant_id", azTenantID},
	{"client_id", azClientID},
	{"endpoint", azEndpoint},
	{"client_certificate", azClientCertificate},
	{"client_certificate_path", azClientCertPath},
	{"client_certificate_password", azClientCertPassword},
	{"client_secret", azClientSecret},
	{"use_oidc", true},
	{"ado_pipeline_service_connection_id", azAdoConnectionID},
	{"oidc_request_token", azOidcRequestToken},
	{"oidc_request_url", azOidcRequestURL},
	{"oidc_token", azOidcToken},
	{"use_msi", true},
	{"msi_endpoint", azMsiEndpoint},
	{"use_cli", false},
	{"use_aks_workload_identity", true},
	{"use_azuread_auth", true},
}

// The file-path fields exclude their value fields, so they get their own configuration.
func azurermFiles(t target) *sb.AzurermBackendConfig {
	return &sb.AzurermBackendConfig{
		ContainerName:        jsii.String(azContainer),
		Key:                  jsii.String(azKey),
		StorageAccountName:   jsii.String(azAccount),
		ResourceGroupName:    jsii.String(azResourceGroup),
		ClientIdFilePath:     only(t.has("1.11.0", "1.11.0"), jsii.String(azClientIDFile)),
		ClientSecretFilePath: only(t.has("1.11.0", "1.11.0"), jsii.String(azClientSecretFile)),
		OidcTokenFilePath:    only(t.has("1.3.4", "1.6.0"), jsii.String(azOidcTokenFile)),
	}
}

var azurermFilesKeys = keys{
	{"resource_group_name", azResourceGroup},
	{"storage_account_name", azAccount},
	{"container_name", azContainer},
	{"key", azKey},
	{"client_id_file_path", azClientIDFile},
	{"client_secret_file_path", azClientSecretFile},
	{"oidc_token_file_path", azOidcTokenFile},
}

// remoteStateKeys are the keys of a terraform_remote_state block with workspace and defaults.
func remoteStateKeys(backend string, config keys) keys {
	return keys{{"backend", backend}, {"workspace", workspace}, {"defaults", defaults}, {"config", config}}
}

// withList is config with the nested block's keys as a one-element list (a remote state's config
// takes a block only in that form).
func withList(config keys, name string, block keys) keys {
	return append(append(keys{}, config...), kv{name, []keys{block}})
}

func withObject(config keys, name string, block keys) keys {
	return append(append(keys{}, config...), kv{name, block})
}

// fixtureNamed is the fixture of that name.
func fixtureNamed(t *testing.T, name string) fixture {
	for _, f := range fixtures {
		if f.name == name {
			return f
		}
	}
	t.Fatalf("no fixture %q", name)
	return fixture{}
}

// fixtures: every component of the spec, every field set once.
var fixtures = []fixture{
	{
		name: "GcsBackend, every field but the KMS key",
		build: func(s constructs.Construct, t target) {
			sb.NewGcsBackend(s, gcsEveryFieldButKms())
		},
		path: "terraform.backend.gcs",
		keys: gcsEveryFieldButKmsKeys,
	},
	{
		name: "GcsBackend with the KMS key and storageCustomEndpoint",
		build: func(s constructs.Construct, t target) {
			sb.NewGcsBackend(s, &sb.GcsBackendConfig{
				Bucket:                jsii.String(gcsBucket),
				Prefix:                jsii.String(gcsPrefix),
				KmsEncryptionKey:      jsii.String(gcsKmsKey),
				StorageCustomEndpoint: jsii.String(gcsEndpoint),
				UniverseDomain:        only(t.has("", "1.11.5"), jsii.String(gcsUniverseDomain)),
			})
		},
		path: "terraform.backend.gcs",
		keys: keys{{"bucket", gcsBucket}, {"prefix", gcsPrefix}, {"kms_encryption_key", gcsKmsKey}, {"storage_custom_endpoint", gcsEndpoint}},
	},
	{
		name: "DataTerraformRemoteStateGcs, every field but the KMS key",
		build: func(s constructs.Construct, t target) {
			c := gcsEveryFieldButKms()
			sb.NewDataTerraformRemoteStateGcs(s, jsii.String("gcs"), &sb.DataTerraformRemoteStateGcsConfig{
				Defaults: defaultsMap(), Workspace: jsii.String(workspace),
				Bucket: c.Bucket, AccessToken: c.AccessToken, Credentials: c.Credentials, EncryptionKey: c.EncryptionKey,
				ImpersonateServiceAccount: c.ImpersonateServiceAccount, ImpersonateServiceAccountDelegates: c.ImpersonateServiceAccountDelegates,
				Prefix: c.Prefix, StoreageCustomEndpoint: c.StoreageCustomEndpoint,
			})
		},
		path: "data.terraform_remote_state.gcs",
		keys: remoteStateKeys("gcs", gcsEveryFieldButKmsKeys),
	},
	{
		name: "CosBackend, every field, with CosBackendAssumeRole",
		build: func(s constructs.Construct, t target) {
			sb.NewCosBackend(s, &sb.CosBackendConfig{
				Bucket:               jsii.String(cosBucket),
				Accelerate:           jsii.Bool(true),
				Acl:                  jsii.String("public-read"),
				AssumeRole:           cosAssumeRole(t),
				Domain:               only(t.has("1.6.0", ""), jsii.String(cosDomain)),
				Encrypt:              jsii.Bool(true),
				Endpoint:             only(t.has("1.6.0", ""), jsii.String(cosEndpoint)),
				Key:                  jsii.String(cosKey),
				Prefix:               jsii.String(cosPrefix),
				Region:               jsii.String(cosRegion),
				SecretId:             jsii.String(cosSecretID),
				SecretKey:            jsii.String(cosSecretKey),
				SecurityToken:        jsii.String(cosSecurityToken),
				CamRoleName:          only(t.has("1.10.0", ""), jsii.String(cosCamRoleName)),
				Profile:              only(t.has("1.10.0", ""), jsii.String(cosProfile)),
				SharedCredentialsDir: only(t.has("1.10.0", ""), jsii.String(cosSharedCredsDir)),
			})
		},
		path: "terraform.backend.cos",
		keys: withObject(cosFieldKeys, "assume_role", cosAssumeRoleKeys),
	},
	{
		name: "DataTerraformRemoteStateCos, every field, with CosBackendAssumeRole",
		build: func(s constructs.Construct, t target) {
			sb.NewDataTerraformRemoteStateCos(s, jsii.String("cos"), &sb.DataTerraformRemoteStateCosConfig{
				Defaults:             defaultsMap(),
				Workspace:            jsii.String(workspace),
				Bucket:               jsii.String(cosBucket),
				Accelerate:           jsii.Bool(true),
				Acl:                  jsii.String("public-read"),
				AssumeRole:           cosAssumeRole(t),
				Domain:               only(t.has("1.6.0", ""), jsii.String(cosDomain)),
				Encrypt:              jsii.Bool(true),
				Endpoint:             only(t.has("1.6.0", ""), jsii.String(cosEndpoint)),
				Key:                  jsii.String(cosKey),
				Prefix:               jsii.String(cosPrefix),
				Region:               jsii.String(cosRegion),
				SecretId:             jsii.String(cosSecretID),
				SecretKey:            jsii.String(cosSecretKey),
				SecurityToken:        jsii.String(cosSecurityToken),
				CamRoleName:          only(t.has("1.10.0", ""), jsii.String(cosCamRoleName)),
				Profile:              only(t.has("1.10.0", ""), jsii.String(cosProfile)),
				SharedCredentialsDir: only(t.has("1.10.0", ""), jsii.String(cosSharedCredsDir)),
			})
		},
		path: "data.terraform_remote_state.cos",
		keys: remoteStateKeys("cos", withList(cosFieldKeys, "assume_role", cosAssumeRoleKeys)),
	},
	{
		name: "OssBackend, every field, lock store in the spec's spelling",
		build: func(s constructs.Construct, t target) {
			c := ossCommon(t)
			c.LockStoreEndpoint = jsii.String(ossLockEndpoint)
			c.LockStoreTable = jsii.String(ossLockTable)
			c.LockStoreInstanceName = only(t.has("1.12.0", ""), jsii.String(ossLockInstance))
			sb.NewOssBackend(s, c)
		},
		path: "terraform.backend.oss",
		keys: ossFieldKeys,
	},
	{
		name: "OssBackend with OssAssumeRole",
		build: func(s constructs.Construct, t target) {
			sb.NewOssBackend(s, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket), Region: jsii.String(ossRegion), AssumeRole: ossAssumeRoleBlock()})
		},
		path: "terraform.backend.oss",
		keys: keys{{"bucket", ossBucket}, {"region", ossRegion}, {"assume_role", ossAssumeRoleKeys}},
	},
	{
		name: "DataTerraformRemoteStateOss, every field, lock store in cdktf's spelling",
		build: func(s constructs.Construct, t target) {
			c := ossCommon(t)
			sb.NewDataTerraformRemoteStateOss(s, jsii.String("oss"), &sb.DataTerraformRemoteStateOssConfig{
				Defaults: defaultsMap(), Workspace: jsii.String(workspace),
				Bucket: c.Bucket, AccessKey: c.AccessKey, Acl: c.Acl, AssumeRolePolicy: c.AssumeRolePolicy,
				AssumeRoleRoleArn: c.AssumeRoleRoleArn, AssumeRoleSessionExpiration: c.AssumeRoleSessionExpiration,
				AssumeRoleSessionName: c.AssumeRoleSessionName, EcsRoleName: c.EcsRoleName, Encrypt: c.Encrypt,
				Endpoint: c.Endpoint, Key: c.Key, Prefix: c.Prefix, Profile: c.Profile, Region: c.Region,
				SecretKey: c.SecretKey, SecurityToken: c.SecurityToken, SharedCredentialsFile: c.SharedCredentialsFile,
				StsEndpoint:            c.StsEndpoint,
				TablestoreEndpoint:     jsii.String(ossLockEndpoint),
				TablestoreTable:        jsii.String(ossLockTable),
				TablestoreInstanceName: only(t.has("1.12.0", ""), jsii.String(ossLockInstance)),
			})
		},
		path: "data.terraform_remote_state.oss",
		keys: remoteStateKeys("oss", ossFieldKeys),
	},
	{
		name: "DataTerraformRemoteStateOss with OssAssumeRole",
		build: func(s constructs.Construct, t target) {
			sb.NewDataTerraformRemoteStateOss(s, jsii.String("oss_role"), &sb.DataTerraformRemoteStateOssConfig{
				Defaults: defaultsMap(), Workspace: jsii.String(workspace),
				Bucket: jsii.String(ossBucket), Region: jsii.String(ossRegion), AssumeRole: ossAssumeRoleBlock(),
			})
		},
		path: "data.terraform_remote_state.oss_role",
		keys: remoteStateKeys("oss", keys{{"bucket", ossBucket}, {"region", ossRegion}, {"assume_role", []keys{ossAssumeRoleKeys}}}),
	},
	{
		name: "AzurermBackend, every field in the spec's spellings",
		build: func(s constructs.Construct, t target) {
			sb.NewAzurermBackend(s, azurermBackend(t))
		},
		path: "terraform.backend.azurerm",
		keys: azurermKeys,
	},
	{
		name: "AzurermBackend with the file-path fields",
		build: func(s constructs.Construct, t target) {
			sb.NewAzurermBackend(s, azurermFiles(t))
		},
		path: "terraform.backend.azurerm",
		keys: azurermFilesKeys,
	},
	{
		name: "DataTerraformRemoteStateAzurerm, every field in the spec's spellings",
		build: func(s constructs.Construct, t target) {
			b := azurermBackend(t)
			sb.NewDataTerraformRemoteStateAzurerm(s, jsii.String("azurerm"), &sb.DataTerraformRemoteStateAzurermConfig{
				Defaults: defaultsMap(), Workspace: jsii.String(workspace),
				ContainerName: b.ContainerName, Key: b.Key, StorageAccountName: b.StorageAccountName,
				ResourceGroupName: b.ResourceGroupName, AccessKey: b.AccessKey,
				ClientCertificatePassword: b.ClientCertificatePassword, ClientCertificatePath: b.ClientCertificatePath,
				ClientId: b.ClientId, ClientSecret: b.ClientSecret, Endpoint: b.Endpoint, Environment: b.Environment,
				MetadataHost: b.MetadataHost, ManagedIdentityEndpoint: b.ManagedIdentityEndpoint,
				OidcRequestToken: b.OidcRequestToken, OidcRequestUrl: b.OidcRequestUrl, OidcToken: b.OidcToken,
				SasToken: b.SasToken, Snapshot: b.Snapshot, SubscriptionId: b.SubscriptionId, TenantId: b.TenantId,
				UseDirectoryAuth: b.UseDirectoryAuth, UseManagedIdentity: b.UseManagedIdentity, UseOidc: b.UseOidc,
				AdoServiceConnectionId: b.AdoServiceConnectionId, ClientCertificate: b.ClientCertificate,
				UseCli: b.UseCli, UseAksWorkloadIdentity: b.UseAksWorkloadIdentity, LookupBlobEndpoint: b.LookupBlobEndpoint,
				TimeoutSeconds: b.TimeoutSeconds, EncryptionScope: b.EncryptionScope,
			})
		},
		path: "data.terraform_remote_state.azurerm",
		keys: remoteStateKeys("azurerm", azurermKeys),
	},
	{
		name: "DataTerraformRemoteStateAzurerm with the file-path fields",
		build: func(s constructs.Construct, t target) {
			f := azurermFiles(t)
			sb.NewDataTerraformRemoteStateAzurerm(s, jsii.String("azurerm_files"), &sb.DataTerraformRemoteStateAzurermConfig{
				Defaults: defaultsMap(), Workspace: jsii.String(workspace),
				ContainerName: f.ContainerName, Key: f.Key, StorageAccountName: f.StorageAccountName,
				ResourceGroupName: f.ResourceGroupName, ClientIdFilePath: f.ClientIdFilePath,
				ClientSecretFilePath: f.ClientSecretFilePath, OidcTokenFilePath: f.OidcTokenFilePath,
			})
		},
		path: "data.terraform_remote_state.azurerm_files",
		keys: remoteStateKeys("azurerm", azurermFilesKeys),
	},
}
