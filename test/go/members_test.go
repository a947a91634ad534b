package tests

import (
	"strings"
	"testing"

	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
	"github.com/hashicorp/terraform-cdk-go/cdktf"
	sb "github.com/statebackends/cdktf-state-backends-go/cdktfstatebackends"
)

// The statics of each class, called from Go on an instance and on something else.
func TestStatics(t *testing.T) {
	stack := newStack(defaultTarget, "stack")
	backend := sb.NewOssBackend(stack, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket)})
	remote := sb.NewDataTerraformRemoteStateCos(stack, jsii.String("cos"), &sb.DataTerraformRemoteStateCosConfig{Bucket: jsii.String(cosBucket)})
	other := constructs.NewConstruct(stack, jsii.String("plain"))
	checks := []struct {
		name string
		got  *bool
		want bool
	}{
		{"OssBackend_IsConstruct(backend)", sb.OssBackend_IsConstruct(backend), true},
		{"OssBackend_IsTerraformElement(backend)", sb.OssBackend_IsTerraformElement(backend), true},
		{"OssBackend_IsBackend(backend)", sb.OssBackend_IsBackend(backend), true},
		{"OssBackend_IsBackend(remote)", sb.OssBackend_IsBackend(remote), false},
		{"GcsBackend_IsBackend(backend)", sb.GcsBackend_IsBackend(backend), true},
		{"CosBackend_IsTerraformElement(plain construct)", sb.CosBackend_IsTerraformElement(other), false},
		{"AzurermBackend_IsConstruct(plain construct)", sb.AzurermBackend_IsConstruct(other), true},
		{"DataTerraformRemoteStateCos_IsConstruct(remote)", sb.DataTerraformRemoteStateCos_IsConstruct(remote), true},
		{"DataTerraformRemoteStateCos_IsTerraformElement(remote)", sb.DataTerraformRemoteStateCos_IsTerraformElement(remote), true},
		{"DataTerraformRemoteStateOss_IsTerraformElement(plain construct)", sb.DataTerraformRemoteStateOss_IsTerraformElement(other), false},
		{"cdktf.TerraformBackend_IsBackend(backend)", cdktf.TerraformBackend_IsBackend(backend), true},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if *c.got != c.want {
				t.Errorf("got %v, want %v", *c.got, c.want)
			}
		})
	}
	t.Run("TfResourceType", func(t *testing.T) {
		for _, got := range []*string{sb.DataTerraformRemoteStateGcs_TfResourceType(), sb.DataTerraformRemoteStateCos_TfResourceType(),
			sb.DataTerraformRemoteStateOss_TfResourceType(), sb.DataTerraformRemoteStateAzurerm_TfResourceType()} {
			if *got != "terraform_remote_state" {
				t.Errorf("TfResourceType: got %q", *got)
			}
		}
	})
}

// The properties a Go caller reads (spec 2.6).
func TestProperties(t *testing.T) {
	stack := newStack(defaultTarget, "stack")
	backend := sb.NewCosBackend(stack, &sb.CosBackendConfig{Bucket: jsii.String(cosBucket)})
	remote := sb.NewDataTerraformRemoteStateAzurerm(stack, jsii.String("shared"), &sb.DataTerraformRemoteStateAzurermConfig{
		ContainerName: jsii.String(azurermContainerName), Key: jsii.String(azurermKey), StorageAccountName: jsii.String(azurermStorageAccountName)})
	equal := func(t *testing.T, what string, got *string, want string) {
		t.Helper()
		if got == nil || *got != want {
			t.Errorf("%s: got %v, want %q", what, got, want)
		}
	}
	t.Run("backend", func(t *testing.T) {
		equal(t, "Node().Path()", backend.Node().Path(), "stack/backend")
		equal(t, "Node().Id()", backend.Node().Id(), "backend")
		equal(t, "CdktfStack().Node().Id()", backend.CdktfStack().Node().Id(), "stack")
		equal(t, "Name()", backend.Name(), "cos")
		equal(t, "FriendlyUniqueId()", backend.FriendlyUniqueId(), "backend")
		if fqn := *backend.Fqn(); !strings.Contains(fqn, "backend") {
			t.Errorf("Fqn(): %q", fqn)
		}
	})
	t.Run("remote state", func(t *testing.T) {
		equal(t, "Node().Path()", remote.Node().Path(), "stack/shared")
		equal(t, "CdktfStack().Node().Id()", remote.CdktfStack().Node().Id(), "stack")
		equal(t, "FriendlyUniqueId()", remote.FriendlyUniqueId(), "shared")
		// Fqn of a remote state is a token that synthesizes to the data source's address
		cdktf.NewTerraformOutput(stack, jsii.String("fqn"), &cdktf.TerraformOutputConfig{Value: remote.Fqn()})
		if got := at(t, synth(t, stack), "output.fqn")["value"]; got != "${data.terraform_remote_state.shared}" {
			t.Errorf("Fqn(): got %v", got)
		}
	})
}

// The Get* output readers give tokens that synthesize to the remote state's outputs.
func TestOutputReaders(t *testing.T) {
	stack := newStack(defaultTarget, "stack")
	remote := sb.NewDataTerraformRemoteStateGcs(stack, jsii.String("network"), &sb.DataTerraformRemoteStateGcsConfig{
		Bucket: jsii.String(gcsBucket), Prefix: jsii.String("network")})
	outputs := map[string]any{
		"get":         remote.Get(jsii.String("vpc")),
		"get_string":  remote.GetString(jsii.String("vpc_id")),
		"get_number":  remote.GetNumber(jsii.String("replicas")),
		"get_list":    remote.GetList(jsii.String("subnets")),
		"get_boolean": remote.GetBoolean(jsii.String("enabled")),
	}
	for id, value := range outputs {
		cdktf.NewTerraformOutput(stack, jsii.String(id), &cdktf.TerraformOutputConfig{Value: value})
	}
	out := at(t, synth(t, stack), "output")
	want := map[string]string{
		"get":         "${data.terraform_remote_state.network.outputs.vpc}",
		"get_string":  "${data.terraform_remote_state.network.outputs.vpc_id}",
		"get_number":  "${data.terraform_remote_state.network.outputs.replicas}",
		"get_list":    "${data.terraform_remote_state.network.outputs.subnets}",
		"get_boolean": "${data.terraform_remote_state.network.outputs.enabled}",
	}
	for id, value := range want {
		t.Run(id, func(t *testing.T) {
			o, _ := out[id].(map[string]any)
			if o == nil || o["value"] != value {
				t.Errorf("output %s: got %v, want value %q", id, out[id], value)
			}
		})
	}
}

// GetRemoteStateDataSource reads the backend's own state from another stack, as cdktf's backends do.
func TestGetRemoteStateDataSource(t *testing.T) {
	app := newApp(defaultTarget)
	producer := cdktf.NewTerraformStack(app, jsii.String("producer"))
	backend := sb.NewOssBackend(producer, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket), Region: jsii.String(ossRegion), Prefix: jsii.String(ossPrefix)})
	consumer := cdktf.NewTerraformStack(app, jsii.String("consumer"))
	rs := backend.GetRemoteStateDataSource(consumer, jsii.String("from_producer"), jsii.String("producer"))
	cdktf.NewTerraformOutput(consumer, jsii.String("vpc"), &cdktf.TerraformOutputConfig{Value: rs.GetString(jsii.String("vpc_id"))})
	block := at(t, synth(t, consumer), "data.terraform_remote_state.from_producer")
	checkKeys(t, "data.terraform_remote_state.from_producer", block, keys{
		{"backend", "oss"},
		{"workspace", "${terraform.workspace}"},
		{"config", keys{{"bucket", ossBucket}, {"region", ossRegion}, {"prefix", ossPrefix}}},
	})
}

// AddOverride and OverrideLogicalId from Go.
func TestOverrides(t *testing.T) {
	stack := newStack(defaultTarget, "stack")
	backend := sb.NewGcsBackend(stack, &sb.GcsBackendConfig{Bucket: jsii.String(gcsBucket)})
	backend.AddOverride(jsii.String("prefix"), jsii.String("overridden"))
	remote := sb.NewDataTerraformRemoteStateAzurerm(stack, jsii.String("shared"), &sb.DataTerraformRemoteStateAzurermConfig{
		ContainerName: jsii.String(azurermContainerName), Key: jsii.String(azurermKey), StorageAccountName: jsii.String(azurermStorageAccountName)})
	remote.AddOverride(jsii.String("config.snapshot"), jsii.Bool(true))
	remote.OverrideLogicalId(jsii.String("renamed"))
	doc := synth(t, stack)
	checkKeys(t, "terraform.backend.gcs", at(t, doc, "terraform.backend.gcs"), keys{{"bucket", gcsBucket}, {"prefix", "overridden"}})
	checkKeys(t, "data.terraform_remote_state.renamed.config", at(t, doc, "data.terraform_remote_state.renamed.config"), keys{
		{"container_name", azurermContainerName}, {"key", azurermKey}, {"storage_account_name", azurermStorageAccountName}, {"snapshot", true}})
}

// A Go mixin: overrides a key of every backend it is applied to, and records where it went.
type backendOverride struct {
	visited []string
}

func (m *backendOverride) Supports(construct constructs.IConstruct) *bool {
	return sb.OssBackend_IsBackend(construct)
}

func (m *backendOverride) ApplyTo(construct constructs.IConstruct) {
	m.visited = append(m.visited, *construct.Node().Path())
	construct.(cdktf.TerraformElement).AddOverride(jsii.String("tablestore_table"), jsii.String("mixin_table"))
}

// A Go mixin that adds a remote state to every stack it is applied to.
type addRemoteState struct {
	added int
}

func (m *addRemoteState) Supports(construct constructs.IConstruct) *bool {
	return cdktf.TerraformStack_IsStack(construct)
}

func (m *addRemoteState) ApplyTo(construct constructs.IConstruct) {
	m.added++
	sb.NewDataTerraformRemoteStateOss(construct.(constructs.Construct), jsii.String("added"), &sb.DataTerraformRemoteStateOssConfig{Bucket: jsii.String(ossBucket)})
}

// Mixins written in Go, applied through With on the stack and on a component (constructs 10.5).
func TestWith(t *testing.T) {
	t.Run("on the stack", func(t *testing.T) {
		stack := newStack(defaultTarget, "producer")
		sb.NewOssBackend(stack, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket), LockStoreTable: jsii.String("locks")})
		mixin := &backendOverride{}
		if returned := stack.With(mixin); *returned.Node().Path() != "producer" {
			t.Errorf("With returned %q, want the stack", *returned.Node().Path())
		}
		if strings.Join(mixin.visited, ",") != "producer/backend" {
			t.Errorf("visited %v, want [producer/backend]", mixin.visited)
		}
		checkKeys(t, "terraform.backend.oss", at(t, synth(t, stack), "terraform.backend.oss"), keys{
			{"bucket", ossBucket}, {"tablestore_table", "mixin_table"}})
	})
	t.Run("on a component", func(t *testing.T) {
		stack := newStack(defaultTarget, "producer")
		backend := sb.NewOssBackend(stack, &sb.OssBackendConfig{Bucket: jsii.String(ossBucket)})
		mixin := &backendOverride{}
		if returned := backend.With(mixin); *returned.Node().Path() != "producer/backend" {
			t.Errorf("With returned %q, want the backend", *returned.Node().Path())
		}
		adder := &addRemoteState{}
		stack.With(adder)
		if adder.added != 1 {
			t.Errorf("the stack mixin ran %d times, want 1", adder.added)
		}
		doc := synth(t, stack)
		checkKeys(t, "terraform.backend.oss", at(t, doc, "terraform.backend.oss"), keys{{"bucket", ossBucket}, {"tablestore_table", "mixin_table"}})
		checkKeys(t, "data.terraform_remote_state.added.config", at(t, doc, "data.terraform_remote_state.added.config"), keys{{"bucket", ossBucket}})
	})
}
