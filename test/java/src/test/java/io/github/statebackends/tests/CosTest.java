package io.github.statebackends.tests;

import static io.github.statebackends.tests.Samples.COS_BUCKET;
import static io.github.statebackends.tests.Samples.COS_CAM_ROLE_NAME;
import static io.github.statebackends.tests.Samples.COS_DOMAIN;
import static io.github.statebackends.tests.Samples.COS_ENDPOINT;
import static io.github.statebackends.tests.Samples.COS_EXTERNAL_ID_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.COS_KEY;
import static io.github.statebackends.tests.Samples.COS_POLICY_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.COS_PREFIX;
import static io.github.statebackends.tests.Samples.COS_PROFILE;
import static io.github.statebackends.tests.Samples.COS_REGION;
import static io.github.statebackends.tests.Samples.COS_ROLE_ARN_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.COS_SECRET_ID;
import static io.github.statebackends.tests.Samples.COS_SECRET_KEY;
import static io.github.statebackends.tests.Samples.COS_SECURITY_TOKEN;
import static io.github.statebackends.tests.Samples.COS_SESSION_DURATION_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.COS_SESSION_NAME_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.COS_SHARED_CREDENTIALS_DIR;
import static io.github.statebackends.tests.Support.DEFAULTS;
import static io.github.statebackends.tests.Support.WORKSPACE;
import static io.github.statebackends.tests.Support.assertNoSecrets;
import static io.github.statebackends.tests.Support.assertRefusal;
import static io.github.statebackends.tests.Support.keyTests;
import static io.github.statebackends.tests.Support.lazySynth;
import static io.github.statebackends.tests.Support.map;
import static io.github.statebackends.tests.Support.path;
import static io.github.statebackends.tests.Support.refused;
import static io.github.statebackends.tests.Support.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.CosBackend;
import io.github.statebackends.CosBackendAssumeRole;
import io.github.statebackends.DataTerraformRemoteStateCos;
import io.github.statebackends.DataTerraformRemoteStateCosConfig;
import io.github.statebackends.StateBackendTarget;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import software.constructs.Construct;

/**
 * RemoteStateB ({@code DataTerraformRemoteStateCos}), built as spec 4.1 documents:
 * {@code DataTerraformRemoteStateCos.Builder.create(scope, id)...build()} with every field of spec
 * 2.1 and 2.3, and the nested {@code CosBackendAssumeRole}. Also {@link CosBackend}: the same
 * fields in a backend block, where {@code assume_role} is an object instead of a one-element list.
 *
 * <p>The three Terraform 1.10+ fields beyond the spec ({@code camRoleName}, {@code profile},
 * {@code sharedCredentialsDir}) are set as well, under the default target.
 */
class CosTest {

    /** The assume-role fields of spec 2.3, without Terraform 1.10's externalId. */
    static CosBackendAssumeRole.Builder assumeRoleSpecFields() {
        return CosBackendAssumeRole.builder()
            .roleArn(COS_ROLE_ARN_IN_ASSUME_ROLE)
            .sessionName(COS_SESSION_NAME_IN_ASSUME_ROLE)
            .sessionDuration(COS_SESSION_DURATION_IN_ASSUME_ROLE)
            .policy(COS_POLICY_IN_ASSUME_ROLE);
    }

    private static CosBackendAssumeRole assumeRole() {
        return assumeRoleSpecFields().externalId(COS_EXTERNAL_ID_IN_ASSUME_ROLE).build();
    }

    private static final Map<String, Object> ASSUME_ROLE_KEYS = map(
        "role_arn", COS_ROLE_ARN_IN_ASSUME_ROLE,
        "session_name", COS_SESSION_NAME_IN_ASSUME_ROLE,
        "session_duration", COS_SESSION_DURATION_IN_ASSUME_ROLE,
        "policy", COS_POLICY_IN_ASSUME_ROLE,
        "external_id", COS_EXTERNAL_ID_IN_ASSUME_ROLE);

    /** Every field of spec 2.3 (and the 1.10+ extras), as the tool spells them; no assume_role. */
    private static final Map<String, Object> FIELD_KEYS = map(
        "secret_id", COS_SECRET_ID,
        "secret_key", COS_SECRET_KEY,
        "security_token", COS_SECURITY_TOKEN,
        "region", COS_REGION,
        "bucket", COS_BUCKET,
        "endpoint", COS_ENDPOINT,
        "domain", COS_DOMAIN,
        "prefix", COS_PREFIX,
        "key", COS_KEY,
        "encrypt", true,
        "acl", "public-read",
        "accelerate", true,
        "shared_credentials_dir", COS_SHARED_CREDENTIALS_DIR,
        "profile", COS_PROFILE,
        "cam_role_name", COS_CAM_ROLE_NAME);

    /** RemoteStateB with every field of spec 2.1 and 2.3 (scope and id go to create()), without the 1.10+ settings. */
    static DataTerraformRemoteStateCos.Builder remoteStateSpecFields(final Construct scope, final String id, final CosBackendAssumeRole role) {
        return DataTerraformRemoteStateCos.Builder.create(scope, id)
            .defaults(DEFAULTS)
            .workspace(WORKSPACE)
            .bucket(COS_BUCKET)
            .accelerate(true)
            .acl("public-read")
            .assumeRole(role)
            .domain(COS_DOMAIN)
            .encrypt(true)
            .endpoint(COS_ENDPOINT)
            .key(COS_KEY)
            .prefix(COS_PREFIX)
            .region(COS_REGION)
            .secretId(COS_SECRET_ID)
            .secretKey(COS_SECRET_KEY)
            .securityToken(COS_SECURITY_TOKEN);
    }

    /** The backend twin of {@link #remoteStateSpecFields}. */
    static CosBackend.Builder backendSpecFields(final Construct scope, final CosBackendAssumeRole role) {
        return CosBackend.Builder.create(scope)
            .bucket(COS_BUCKET)
            .accelerate(true)
            .acl("public-read")
            .assumeRole(role)
            .domain(COS_DOMAIN)
            .encrypt(true)
            .endpoint(COS_ENDPOINT)
            .key(COS_KEY)
            .prefix(COS_PREFIX)
            .region(COS_REGION)
            .secretId(COS_SECRET_ID)
            .secretKey(COS_SECRET_KEY)
            .securityToken(COS_SECURITY_TOKEN);
    }

    /** RemoteStateB with every field, the 1.10+ settings included. */
    private static DataTerraformRemoteStateCos remoteStateWithEveryField(final Construct scope, final String id) {
        return remoteStateSpecFields(scope, id, assumeRole())
            .camRoleName(COS_CAM_ROLE_NAME)
            .profile(COS_PROFILE)
            .sharedCredentialsDir(COS_SHARED_CREDENTIALS_DIR)
            .build();
    }

    @TestFactory
    @DisplayName("DataTerraformRemoteStateCos.Builder.create(scope, id) with every field: config keys, assume_role as a one-element list")
    List<DynamicTest> remoteStateWithEveryField() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            remoteStateWithEveryField(stack, "network");
            return stack;
        });
        return keyTests("data.terraform_remote_state.network", path(json, "data.terraform_remote_state.network"), map(
            "backend", "cos",
            "workspace", WORKSPACE,
            "defaults", DEFAULTS,
            "config", with(FIELD_KEYS, "assume_role", List.of(ASSUME_ROLE_KEYS))));
    }

    @TestFactory
    @DisplayName("CosBackend with every field: backend keys, assume_role as an object")
    List<DynamicTest> backendWithEveryField() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "producer");
            backendSpecFields(stack, assumeRole())
                .camRoleName(COS_CAM_ROLE_NAME)
                .profile(COS_PROFILE)
                .sharedCredentialsDir(COS_SHARED_CREDENTIALS_DIR)
                .build();
            return stack;
        });
        return keyTests("terraform.backend.cos", path(json, "terraform.backend.cos"),
            with(FIELD_KEYS, "assume_role", ASSUME_ROLE_KEYS));
    }

    @TestFactory
    @DisplayName("an assume-role policy given as a Map is emitted as JSON text; the config struct and constructor work too")
    List<DynamicTest> policyAsMapAndConfigStruct() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            new DataTerraformRemoteStateCos(stack, "network", DataTerraformRemoteStateCosConfig.builder()
                .bucket(COS_BUCKET)
                .region(COS_REGION)
                .assumeRole(CosBackendAssumeRole.builder()
                    .roleArn(COS_ROLE_ARN_IN_ASSUME_ROLE)
                    .sessionName(COS_SESSION_NAME_IN_ASSUME_ROLE)
                    .policy(map("version", "2.0", "statement", List.of(map("effect", "allow", "action", List.of("cos:GetObject")))))
                    .build())
                .build());
            return stack;
        });
        return keyTests("data.terraform_remote_state.network", path(json, "data.terraform_remote_state.network"), map(
            "backend", "cos",
            "config", map(
                "region", COS_REGION,
                "bucket", COS_BUCKET,
                "assume_role", List.of(map(
                    "role_arn", COS_ROLE_ARN_IN_ASSUME_ROLE,
                    "session_name", COS_SESSION_NAME_IN_ASSUME_ROLE,
                    "policy", "{\"version\":\"2.0\",\"statement\":[{\"effect\":\"allow\",\"action\":[\"cos:GetObject\"]}]}")))));
    }

    @Test
    @DisplayName("fails if acl is public-read-write (spec 8: private or public-read), without echoing secrets")
    void failsIfAclIsNotAllowed() {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final RuntimeException e = assertThrows(RuntimeException.class, () -> DataTerraformRemoteStateCos.Builder.create(stack, "network")
            .bucket(COS_BUCKET)
            .region(COS_REGION)
            .secretId(COS_SECRET_ID)
            .secretKey(COS_SECRET_KEY)
            .securityToken(COS_SECURITY_TOKEN)
            .acl("public-read-write")
            .build());
        final String message = refused(() -> {
            throw e;
        });
        assertRefusal(message, "invalid cos remote state (target " + Support.DEFAULT_TARGET + ") at consumer/network:", "acl");
        assertTrue(message.contains("\"private\", \"public-read\""), message);
        assertNoSecrets(e.getMessage(), COS_SECRET_ID, COS_SECRET_KEY, COS_SECURITY_TOKEN);

        // AND the refused construct was taken out of the tree, so a Java caller that catches the
        // exception can reuse the id
        assertNull(stack.getNode().tryFindChild("network"));
        final DataTerraformRemoteStateCos ok = DataTerraformRemoteStateCos.Builder.create(stack, "network")
            .bucket(COS_BUCKET).region(COS_REGION).acl("private").build();
        assertEquals("consumer/network", ok.getNode().getPath());
    }

    @Test
    @DisplayName("fails if a CosBackend gets acl public-read-write, naming the field")
    void backendFailsIfAclIsNotAllowed() {
        final TerraformStack stack = new TerraformStack(Support.app(), "producer");
        final String message = refused(() -> CosBackend.Builder.create(stack).bucket(COS_BUCKET).acl("public-read-write").build());
        assertRefusal(message, "invalid cos backend (target " + Support.DEFAULT_TARGET + ") at producer/backend:", "acl");
    }

    @Test
    @DisplayName("fails for OpenTofu if Terraform-only fields are set (endpoint, domain, camRoleName, assumeRole.externalId)")
    void failsForOpenTofuWithTerraformOnlyFields() {
        final TerraformStack stack = new TerraformStack(Support.app(StateBackendTarget.opentofu("1.12.6")), "consumer");
        final String message = refused(() -> remoteStateWithEveryField(stack, "network"));
        for (final String field : List.of("endpoint", "domain", "camRoleName", "profile", "sharedCredentialsDir", "assumeRole.externalId")) {
            assertRefusal(message, "invalid cos remote state (target opentofu@1.12.6) at consumer/network:", field);
        }
        assertNoSecrets(message, COS_SECRET_ID, COS_SECRET_KEY, COS_SECURITY_TOKEN);
    }

    @TestFactory
    @DisplayName("for OpenTofu the remaining fields are emitted unchanged")
    List<DynamicTest> openTofuKeys() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(StateBackendTarget.opentofu("1.12.6")), "consumer");
            DataTerraformRemoteStateCos.Builder.create(stack, "network")
                .bucket(COS_BUCKET).region(COS_REGION).key(COS_KEY).prefix(COS_PREFIX).encrypt(true).acl("private").accelerate(false)
                .assumeRole(CosBackendAssumeRole.builder().roleArn(COS_ROLE_ARN_IN_ASSUME_ROLE).sessionName(COS_SESSION_NAME_IN_ASSUME_ROLE).sessionDuration(COS_SESSION_DURATION_IN_ASSUME_ROLE).build())
                .build();
            return stack;
        });
        return keyTests("data.terraform_remote_state.network.config", path(json, "data.terraform_remote_state.network.config"), map(
            "region", COS_REGION, "bucket", COS_BUCKET, "prefix", COS_PREFIX, "key", COS_KEY, "encrypt", true, "acl", "private",
            "accelerate", false,
            "assume_role", List.of(map("role_arn", COS_ROLE_ARN_IN_ASSUME_ROLE, "session_name", COS_SESSION_NAME_IN_ASSUME_ROLE, "session_duration", COS_SESSION_DURATION_IN_ASSUME_ROLE))));
    }

    @Test
    @DisplayName("build() fails without the required bucket; the assume-role block needs roleArn and sessionName")
    void buildFailsWithoutRequiredFields() {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final NullPointerException noBucket = assertThrows(NullPointerException.class,
            () -> DataTerraformRemoteStateCos.Builder.create(stack, "network").region(COS_REGION).build());
        assertTrue(noBucket.getMessage().contains("bucket"), noBucket.getMessage());
        final NullPointerException noSession = assertThrows(NullPointerException.class,
            () -> CosBackendAssumeRole.builder().roleArn(COS_ROLE_ARN_IN_ASSUME_ROLE).build());
        assertTrue(noSession.getMessage().contains("sessionName"), noSession.getMessage());
    }
}
