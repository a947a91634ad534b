package io.github.statebackends.tests;

import static io.github.statebackends.tests.Samples.AZURERM_STORAGE_ACCOUNT_NAME;
import static io.github.statebackends.tests.Samples.AZURERM_CONTAINER_NAME;
import static io.github.statebackends.tests.Samples.AZURERM_KEY;
import static io.github.statebackends.tests.Samples.AZURERM_RESOURCE_GROUP_NAME;
import static io.github.statebackends.tests.Samples.COS_BUCKET;
import static io.github.statebackends.tests.Samples.COS_REGION;
import static io.github.statebackends.tests.Samples.COS_ROLE_ARN_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.COS_SESSION_NAME_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.OSS_ACCESS_KEY;
import static io.github.statebackends.tests.Samples.OSS_BUCKET;
import static io.github.statebackends.tests.Samples.OSS_KEY;
import static io.github.statebackends.tests.Samples.OSS_LOCK_STORE_ENDPOINT;
import static io.github.statebackends.tests.Samples.OSS_LOCK_STORE_TABLE;
import static io.github.statebackends.tests.Samples.OSS_PREFIX;
import static io.github.statebackends.tests.Samples.OSS_REGION;
import static io.github.statebackends.tests.Samples.OSS_SECRET_KEY;
import static io.github.statebackends.tests.Samples.OSS_SECURITY_TOKEN;
import static io.github.statebackends.tests.Support.at;
import static io.github.statebackends.tests.Support.keysOf;
import static io.github.statebackends.tests.Support.map;
import static io.github.statebackends.tests.Support.synth;
import static io.github.statebackends.tests.Support.warnings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.IResolvable;
import com.hashicorp.cdktf.TerraformElement;
import com.hashicorp.cdktf.TerraformOutput;
import com.hashicorp.cdktf.TerraformRemoteState;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.CosBackendAssumeRole;
import io.github.statebackends.DataTerraformRemoteStateAzurerm;
import io.github.statebackends.DataTerraformRemoteStateCos;
import io.github.statebackends.DataTerraformRemoteStateOss;
import io.github.statebackends.OssBackend;
import io.github.statebackends.OssBackendConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.constructs.Construct;
import software.constructs.IConstruct;
import software.constructs.IMixin;

/**
 * The members of spec 2.6, 4.2 and 4.3, called from Java with the spec's signatures on the three
 * construct components: BackendC ({@link OssBackend}), RemoteStateB
 * ({@link DataTerraformRemoteStateCos}) and RemoteStateD ({@link DataTerraformRemoteStateAzurerm}).
 * Effects are proven in the synthesized JSON where there is one.
 */
class MembersTest {

    private App app;
    private TerraformStack stack;
    private OssBackend backend;
    private DataTerraformRemoteStateCos cos;
    private DataTerraformRemoteStateAzurerm azurerm;

    @BeforeEach
    void setUp() {
        app = Support.app();
        stack = new TerraformStack(app, "producer");
        backend = OssBackend.Builder.create(stack)
            .bucket(OSS_BUCKET)
            .region(OSS_REGION)
            .key(OSS_KEY)
            .lockStoreTable(OSS_LOCK_STORE_TABLE)
            .build();
        cos = DataTerraformRemoteStateCos.Builder.create(stack, "network")
            .bucket(COS_BUCKET)
            .region(COS_REGION)
            .assumeRole(CosBackendAssumeRole.builder().roleArn(COS_ROLE_ARN_IN_ASSUME_ROLE).sessionName(COS_SESSION_NAME_IN_ASSUME_ROLE).build())
            .build();
        azurerm = DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
            .containerName(AZURERM_CONTAINER_NAME)
            .key(AZURERM_KEY)
            .storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME)
            .resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .build();
    }

    /** The three spec constructs, for checks that apply to all of them. */
    private List<TerraformElement> all() {
        return List.of(backend, cos, azurerm);
    }

    @Nested
    @DisplayName("read-only properties (spec 2.6)")
    class Properties {

        @Test
        @DisplayName("getNode(): id, path and scope of each construct")
        void node() {
            assertEquals("backend", backend.getNode().getId());
            assertEquals("producer/backend", backend.getNode().getPath());
            assertEquals("network", cos.getNode().getId());
            assertEquals("producer/network", cos.getNode().getPath());
            assertEquals("producer/shared", azurerm.getNode().getPath());
            for (final TerraformElement e : all()) {
                assertSame(stack, e.getNode().getScope(), e.toString());
            }
        }

        @Test
        @DisplayName("getCdktfStack() is the enclosing TerraformStack")
        void cdktfStack() {
            for (final TerraformElement e : all()) {
                assertSame(stack, e.getCdktfStack(), e.toString());
            }
        }

        @Test
        @DisplayName("getFriendlyUniqueId() is the logical id used in the output")
        void friendlyUniqueId() {
            assertEquals("backend", backend.getFriendlyUniqueId());
            assertEquals("network", cos.getFriendlyUniqueId());
            assertEquals("shared", azurerm.getFriendlyUniqueId());
        }

        @Test
        @DisplayName("getFqn() of a remote state is a token for data.terraform_remote_state.<id>")
        void fqnOfRemoteStates() {
            TerraformOutput.Builder.create(stack, "cos_fqn").value(cos.getFqn()).build();
            TerraformOutput.Builder.create(stack, "azurerm_fqn").value(azurerm.getFqn()).build();
            final JsonNode json = synth(stack);
            assertEquals("${data.terraform_remote_state.network}", at(json, "output.cos_fqn.value").asText());
            assertEquals("${data.terraform_remote_state.shared}", at(json, "output.azurerm_fqn.value").asText());
        }

        /**
         * Spec 2.6 gives BackendC an fqn of type String. cdktf's own backends throw "Element type
         * not set" here; ours name the block they emit (a backend has no expression address).
         */
        @Test
        @DisplayName("getFqn() of a backend names its block")
        void fqnOfBackend() {
            assertEquals("terraform.backend.oss", backend.getFqn());
        }

        @Test
        @DisplayName("TF_RESOURCE_TYPE is terraform_remote_state on DataTerraformRemoteStateCos and Azurerm")
        void tfResourceType() {
            assertEquals("terraform_remote_state", DataTerraformRemoteStateCos.TF_RESOURCE_TYPE);
            assertEquals("terraform_remote_state", DataTerraformRemoteStateAzurerm.TF_RESOURCE_TYPE);
            assertEquals(DataTerraformRemoteStateCos.TF_RESOURCE_TYPE, keysOf(at(synth(stack), "data")).iterator().next());
        }
    }

    @Nested
    @DisplayName("static functions (spec 4.3)")
    class Statics {

        @Test
        @DisplayName("isConstruct is true for each construct and false for a string")
        void isConstruct() {
            assertTrue(OssBackend.isConstruct(backend));
            assertTrue(DataTerraformRemoteStateCos.isConstruct(cos));
            assertTrue(DataTerraformRemoteStateAzurerm.isConstruct(azurerm));
            assertTrue(DataTerraformRemoteStateCos.isConstruct(stack));
            assertFalse(OssBackend.isConstruct("producer/backend"));
            assertFalse(DataTerraformRemoteStateCos.isConstruct(42));
        }

        /**
         * Upstream quirk (reported): constructs 10.8.1 implements isConstruct as
         * {@code x && typeof x === 'object' && x[CONSTRUCT_SYM]}, which is undefined, not false, for
         * an object that is not a construct; jsii cannot turn that into a Java Boolean.
         */
        @Test
        @DisplayName("isConstruct(a non-construct object) throws in Java today (constructs returns undefined)")
        void isConstructOfAPlainObjectThrows() {
            final OssBackendConfig config = OssBackendConfig.builder().bucket(OSS_BUCKET).build();
            final RuntimeException e = assertThrows(RuntimeException.class, () -> OssBackend.isConstruct(config));
            assertTrue(e.getMessage().contains("Unable to serialize value as boolean"), e.getMessage());
        }

        @Test
        @DisplayName("isTerraformElement is true for each construct, false for a plain construct and a string")
        void isTerraformElement() {
            assertTrue(OssBackend.isTerraformElement(backend));
            assertTrue(DataTerraformRemoteStateCos.isTerraformElement(cos));
            assertTrue(DataTerraformRemoteStateAzurerm.isTerraformElement(azurerm));
            assertFalse(DataTerraformRemoteStateAzurerm.isTerraformElement(new Construct(stack, "plain")));
            assertFalse(OssBackend.isTerraformElement("backend"));
        }

        @Test
        @DisplayName("isBackend is true for the backend only")
        void isBackend() {
            assertTrue(OssBackend.isBackend(backend));
            assertFalse(OssBackend.isBackend(cos));
            assertFalse(OssBackend.isBackend(azurerm));
            assertFalse(OssBackend.isBackend(stack));
            assertFalse(OssBackend.isBackend("oss"));
        }
    }

    @Nested
    @DisplayName("instance methods (spec 4.2)")
    class Methods {

        @Test
        @DisplayName("toString() is the construct path")
        void toStringIsThePath() {
            assertEquals("producer/backend", backend.toString());
            assertEquals("producer/network", cos.toString());
            assertEquals("producer/shared", azurerm.toString());
        }

        @Test
        @DisplayName("addOverride(path, value) changes the synthesized block of each construct")
        void addOverride() {
            backend.addOverride("tablestore_table", "override_table");
            backend.addOverride("encrypt", true);
            cos.addOverride("config.region", "ap-shanghai");
            cos.addOverride("workspace", "prod");
            azurerm.addOverride("defaults", map("dns_zone", "example.com"));
            final JsonNode json = synth(stack);
            assertEquals("override_table", at(json, "terraform.backend.oss.tablestore_table").asText());
            assertTrue(at(json, "terraform.backend.oss.encrypt").asBoolean());
            assertEquals(OSS_BUCKET, at(json, "terraform.backend.oss.bucket").asText());
            assertEquals("ap-shanghai", at(json, "data.terraform_remote_state.network.config.region").asText());
            assertEquals(COS_BUCKET, at(json, "data.terraform_remote_state.network.config.bucket").asText());
            assertEquals("prod", at(json, "data.terraform_remote_state.network.workspace").asText());
            assertEquals("example.com", at(json, "data.terraform_remote_state.shared.defaults.dns_zone").asText());
        }

        @Test
        @DisplayName("overrideLogicalId(id) renames the remote state in the output and in its references")
        void overrideLogicalId() {
            cos.overrideLogicalId("network_state");
            TerraformOutput.Builder.create(stack, "vpc_id").value(cos.getString("vpc_id")).build();
            final JsonNode json = synth(stack);
            assertEquals(Set.of("network_state", "shared"), keysOf(at(json, "data.terraform_remote_state")));
            assertEquals("${data.terraform_remote_state.network_state.outputs.vpc_id}", at(json, "output.vpc_id.value").asText());
            assertEquals("network_state", cos.getFriendlyUniqueId());
        }

        @Test
        @DisplayName("resetOverrideLogicalId() restores the generated id")
        void resetOverrideLogicalId() {
            azurerm.overrideLogicalId("renamed");
            azurerm.resetOverrideLogicalId();
            backend.overrideLogicalId("renamed_backend");
            backend.resetOverrideLogicalId();
            final JsonNode json = synth(stack);
            assertEquals(Set.of("network", "shared"), keysOf(at(json, "data.terraform_remote_state")));
            assertEquals("shared", azurerm.getFriendlyUniqueId());
            assertEquals("backend", backend.getFriendlyUniqueId());
        }

        @Test
        @DisplayName("overrideLogicalId on the backend changes its logical id, not the backend block")
        void overrideLogicalIdOfBackend() {
            backend.overrideLogicalId("state_backend");
            assertEquals("state_backend", backend.getFriendlyUniqueId());
            assertEquals(OSS_LOCK_STORE_TABLE, at(synth(stack), "terraform.backend.oss.tablestore_table").asText());
        }

        @Test
        @DisplayName("toTerraform() returns the element's own part of the JSON output")
        void toTerraform() {
            final JsonNode json = synth(stack);
            final JsonNode backendPart = Support.MAPPER.valueToTree(backend.toTerraform());
            assertEquals(at(json, "terraform.backend.oss"), at(backendPart, "terraform.backend.oss"));
            assertEquals(Set.of("terraform"), keysOf(backendPart));
            final JsonNode cosPart = Support.MAPPER.valueToTree(cos.toTerraform());
            assertEquals(at(json, "data.terraform_remote_state.network"), at(cosPart, "data.terraform_remote_state.network"));
            assertEquals(1, at(cosPart, "data.terraform_remote_state.network.config.assume_role").size());
            final JsonNode azPart = Support.MAPPER.valueToTree(azurerm.toTerraform());
            assertEquals(at(json, "data.terraform_remote_state.shared"), at(azPart, "data.terraform_remote_state.shared"));
        }

        @Test
        @DisplayName("toHclTerraform() returns the element's HCL-typed part: same keys, quoted literals, the block marked")
        void toHclTerraform() {
            final JsonNode hclBackend = Support.MAPPER.valueToTree(backend.toHclTerraform());
            final JsonNode oss = at(hclBackend, "terraform.backend.oss");
            assertEquals(keysOf(at(synth(stack), "terraform.backend.oss")), keysOf(oss));
            assertEquals("\"" + OSS_BUCKET + "\"", oss.get("bucket").asText());

            final JsonNode hclCos = Support.MAPPER.valueToTree(cos.toHclTerraform());
            final JsonNode config = at(hclCos, "data.terraform_remote_state.network.config");
            assertEquals(Set.of("bucket", "region", "assume_role"), keysOf(config));
            assertEquals("\"" + COS_REGION + "\"", config.get("region").asText());
            assertTrue(config.get("assume_role").isArray() && config.get("assume_role").size() == 1, config.toString());
            assertEquals("cos", at(hclCos, "data.terraform_remote_state.network.backend").asText());

            final JsonNode hclAz = Support.MAPPER.valueToTree(azurerm.toHclTerraform());
            assertEquals(Set.of("resource_group_name", "storage_account_name", "container_name", "key"),
                keysOf(at(hclAz, "data.terraform_remote_state.shared.config")));
        }

        @Test
        @DisplayName("toMetadata() names the backend for a backend and is empty for a remote state")
        void toMetadata() {
            assertEquals(Map.of("backend", "oss"), backend.toMetadata());
            assertEquals(Map.of(), cos.toMetadata());
            assertEquals(Map.of(), azurerm.toMetadata());
        }

        @Test
        @DisplayName("get, getBoolean, getList, getNumber, getString resolve to ${data.terraform_remote_state.<id>.outputs.<name>}")
        void outputReferences() {
            for (final TerraformRemoteState rs : List.<TerraformRemoteState>of(cos, azurerm)) {
                final String id = rs.getFriendlyUniqueId();
                final IResolvable any = rs.get("tags");
                final IResolvable flag = rs.getBoolean("enabled");
                final List<String> list = rs.getList("subnet_ids");
                final Number number = rs.getNumber("replicas");
                final String string = rs.getString("vpc_id");
                TerraformOutput.Builder.create(stack, id + "_get").value(any).build();
                TerraformOutput.Builder.create(stack, id + "_bool").value(flag).build();
                TerraformOutput.Builder.create(stack, id + "_list").value(list).build();
                TerraformOutput.Builder.create(stack, id + "_number").value(number).build();
                TerraformOutput.Builder.create(stack, id + "_string").value(string).build();
            }
            final JsonNode json = synth(stack);
            final Map<String, String> expected = map(
                "network_get", "tags", "network_bool", "enabled", "network_list", "subnet_ids", "network_number", "replicas",
                "network_string", "vpc_id").entrySet().stream()
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> "${data.terraform_remote_state.network.outputs." + e.getValue() + "}"));
            for (final Map.Entry<String, String> e : expected.entrySet()) {
                assertEquals(e.getValue(), at(json, "output." + e.getKey() + ".value").asText(), e.getKey());
                final String az = e.getKey().replace("network_", "shared_");
                assertEquals(e.getValue().replace(".network.", ".shared."), at(json, "output." + az + ".value").asText(), az);
            }
            assertEquals(10, at(json, "output").size());
        }
    }

    @Nested
    @DisplayName("with(IMixin...) (spec 4.2)")
    class Mixins {

        /** A Java mixin that overrides a key of every backend it is applied to. */
        final class BackendOverride implements IMixin {
            final List<String> visited = new ArrayList<>();

            @Override
            public Boolean supports(final IConstruct construct) {
                return OssBackend.isBackend(construct);
            }

            @Override
            public void applyTo(final IConstruct construct) {
                visited.add(construct.getNode().getPath());
                ((TerraformElement) construct).addOverride("tablestore_table", "mixin_table");
            }
        }

        /** A Java mixin that records and tags every remote state it visits. */
        final class TagRemoteStates implements IMixin {
            final List<String> visited = new ArrayList<>();

            @Override
            public Boolean supports(final IConstruct construct) {
                return construct instanceof TerraformRemoteState;
            }

            @Override
            public void applyTo(final IConstruct construct) {
                visited.add(construct.getNode().getPath());
                ((TerraformElement) construct).addOverride("workspace", "tagged");
            }
        }

        /** A Java mixin that adds a remote state to every stack it is applied to. */
        final class AddRemoteState implements IMixin {
            @Override
            public Boolean supports(final IConstruct construct) {
                return construct instanceof TerraformStack;
            }

            @Override
            public void applyTo(final IConstruct construct) {
                DataTerraformRemoteStateOss.Builder.create((Construct) construct, "added").bucket(OSS_BUCKET).build();
            }
        }

        @Test
        @DisplayName("a Java mixin applied with stack.with(...) overrides the backend; with() returns the construct")
        void javaMixinOnTheStack() {
            final BackendOverride mixin = new BackendOverride();
            final IConstruct returned = stack.with(mixin);
            assertSame(stack, returned);
            assertEquals(List.of("producer/backend"), mixin.visited);
            assertEquals("mixin_table", at(synth(stack), "terraform.backend.oss.tablestore_table").asText());
        }

        @Test
        @DisplayName("with() on each spec construct applies to that construct and returns it")
        void withOnEachConstruct() {
            final TagRemoteStates tag = new TagRemoteStates();
            final BackendOverride override = new BackendOverride();
            assertSame(backend, backend.with(override, tag));
            assertSame(cos, cos.with(override, tag));
            assertSame(azurerm, azurerm.with(tag));
            assertEquals(List.of("producer/backend"), override.visited);
            assertEquals(List.of("producer/network", "producer/shared"), tag.visited);
            final JsonNode json = synth(stack);
            assertEquals("mixin_table", at(json, "terraform.backend.oss.tablestore_table").asText());
            assertEquals("tagged", at(json, "data.terraform_remote_state.network.workspace").asText());
            assertEquals("tagged", at(json, "data.terraform_remote_state.shared.workspace").asText());
        }

        @Test
        @DisplayName("constructs added by a mixin are not visited in the same call; a second call reaches them")
        void addedConstructsNeedASecondCall() {
            final TagRemoteStates tag = new TagRemoteStates();
            stack.with(new AddRemoteState(), tag);

            // THEN the added remote state exists but was not tagged
            assertEquals(List.of("producer/network", "producer/shared"), tag.visited);
            JsonNode json = synth(stack);
            assertEquals(Set.of("network", "shared", "added"), keysOf(at(json, "data.terraform_remote_state")));
            assertTrue(at(json, "data.terraform_remote_state.added").path("workspace").isMissingNode(),
                at(json, "data.terraform_remote_state.added").toString());
            assertEquals("tagged", at(json, "data.terraform_remote_state.network.workspace").asText());

            // WHEN with() is called again
            final TagRemoteStates again = new TagRemoteStates();
            stack.with(again);

            // THEN it reaches the added one too
            assertTrue(again.visited.contains("producer/added"), again.visited.toString());
            json = synth(stack);
            assertEquals("tagged", at(json, "data.terraform_remote_state.added.workspace").asText());
        }
    }

    @Nested
    @DisplayName("BackendC.getRemoteStateDataSource and cross-stack references")
    class CrossStack {

        @Test
        @DisplayName("getRemoteStateDataSource(scope, name, fromStack) reads the OSS state without secrets, in the consumer's workspace")
        void remoteStateDataSource() {
            final App twoStacks = Support.app();
            final TerraformStack producer = new TerraformStack(twoStacks, "producer");
            final OssBackend state = OssBackend.Builder.create(producer)
                .bucket(OSS_BUCKET)
                .region(OSS_REGION)
                .prefix(OSS_PREFIX)
                .key(OSS_KEY)
                .encrypt(true)
                .lockStoreEndpoint(OSS_LOCK_STORE_ENDPOINT)
                .lockStoreTable(OSS_LOCK_STORE_TABLE)
                .accessKey(OSS_ACCESS_KEY)
                .secretKey(OSS_SECRET_KEY)
                .securityToken(OSS_SECURITY_TOKEN)
                .build();
            final TerraformStack consumer = new TerraformStack(twoStacks, "consumer");

            final TerraformRemoteState rs = state.getRemoteStateDataSource(consumer, "state", "producer");

            assertInstanceOf(DataTerraformRemoteStateOss.class, rs);
            assertSame(consumer, rs.getCdktfStack());
            final JsonNode block = at(synth(consumer), "data.terraform_remote_state.state");
            assertEquals(Set.of("backend", "workspace", "config"), keysOf(block));
            assertEquals("oss", block.get("backend").asText());
            assertEquals("${terraform.workspace}", block.get("workspace").asText());
            assertEquals(Support.MAPPER.valueToTree(map(
                "region", OSS_REGION,
                "tablestore_endpoint", OSS_LOCK_STORE_ENDPOINT,
                "bucket", OSS_BUCKET,
                "prefix", OSS_PREFIX,
                "key", OSS_KEY,
                "tablestore_table", OSS_LOCK_STORE_TABLE,
                "encrypt", true)), block.get("config"));
            Support.assertNoSecrets(block.toString(), OSS_ACCESS_KEY, OSS_SECRET_KEY, OSS_SECURITY_TOKEN);
            assertTrue(warnings(consumer).stream().anyMatch(w -> w.startsWith("the remote state of producer/backend leaves out its secret fields")),
                warnings(consumer).toString());
        }

        @Test
        @DisplayName("a remote-state output of stack A used in stack B: cdktf reads it back through A's OssBackend")
        void automaticCrossStackReference(@TempDir final Path outdir) {
            final App twoStacks = Support.appWithOutdir(outdir, null);
            final TerraformStack network = new TerraformStack(twoStacks, "network");
            OssBackend.Builder.create(network)
                .bucket(OSS_BUCKET).region(OSS_REGION).key("network/terraform.tfstate").lockStoreTable(OSS_LOCK_STORE_TABLE)
                .secretKey(OSS_SECRET_KEY)
                .build();
            final DataTerraformRemoteStateCos vpc = DataTerraformRemoteStateCos.Builder.create(network, "vpc")
                .bucket(COS_BUCKET).region(COS_REGION).build();
            final TerraformStack application = new TerraformStack(twoStacks, "application");
            TerraformOutput.Builder.create(application, "vpc_id").value(vpc.getString("vpc_id")).build();

            twoStacks.synth();

            final JsonNode a = Support.read(outdir.resolve("stacks/network/cdk.tf.json"));
            final JsonNode b = Support.read(outdir.resolve("stacks/application/cdk.tf.json"));
            // stack A exports the value
            final List<String> exported = new ArrayList<>();
            at(a, "output").properties().forEach(e -> exported.add(e.getKey()));
            assertEquals(1, exported.size(), exported.toString());
            assertEquals("${data.terraform_remote_state.vpc.outputs.vpc_id}", at(a, "output").get(exported.get(0)).get("value").asText());
            // stack B reads it with a remote state produced by OssBackend.getRemoteStateDataSource
            final JsonNode remoteStates = at(b, "data.terraform_remote_state");
            assertEquals(1, remoteStates.size(), remoteStates.toString());
            final String inputId = remoteStates.fieldNames().next();
            final JsonNode input = remoteStates.get(inputId);
            assertEquals("oss", input.get("backend").asText());
            assertEquals("${terraform.workspace}", input.get("workspace").asText());
            assertEquals(Support.MAPPER.valueToTree(map(
                "region", OSS_REGION, "bucket", OSS_BUCKET, "key", "network/terraform.tfstate", "tablestore_table", OSS_LOCK_STORE_TABLE)),
                input.get("config"));
            final String value = at(b, "output.vpc_id.value").asText();
            assertEquals("${data.terraform_remote_state." + inputId + ".outputs." + exported.get(0) + "}", value);
            Support.assertNoSecrets(b.toString(), OSS_SECRET_KEY);
        }
    }
}
