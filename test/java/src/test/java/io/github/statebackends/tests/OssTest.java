package io.github.statebackends.tests;

import static io.github.statebackends.tests.Support.DEFAULTS;
import static io.github.statebackends.tests.Samples.OSS_ROLE_ARN_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.OSS_SESSION_NAME_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.OSS_ACCESS_KEY;
import static io.github.statebackends.tests.Samples.OSS_ACL;
import static io.github.statebackends.tests.Samples.OSS_POLICY_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.OSS_SESSION_EXPIRATION_IN_ASSUME_ROLE;
import static io.github.statebackends.tests.Samples.OSS_BUCKET;
import static io.github.statebackends.tests.Samples.OSS_ECS_ROLE_NAME;
import static io.github.statebackends.tests.Samples.OSS_ENDPOINT;
import static io.github.statebackends.tests.Samples.OSS_KEY;
import static io.github.statebackends.tests.Samples.OSS_LOCK_STORE_ENDPOINT;
import static io.github.statebackends.tests.Samples.OSS_LOCK_STORE_INSTANCE_NAME;
import static io.github.statebackends.tests.Samples.OSS_LOCK_STORE_TABLE;
import static io.github.statebackends.tests.Samples.OSS_ASSUME_ROLE_POLICY;
import static io.github.statebackends.tests.Samples.OSS_PREFIX;
import static io.github.statebackends.tests.Samples.OSS_PROFILE;
import static io.github.statebackends.tests.Samples.OSS_REGION;
import static io.github.statebackends.tests.Samples.OSS_ASSUME_ROLE_ROLE_ARN;
import static io.github.statebackends.tests.Samples.OSS_SECRET_KEY;
import static io.github.statebackends.tests.Samples.OSS_SECURITY_TOKEN;
import static io.github.statebackends.tests.Samples.OSS_ASSUME_ROLE_SESSION_EXPIRATION;
import static io.github.statebackends.tests.Samples.OSS_ASSUME_ROLE_SESSION_NAME;
import static io.github.statebackends.tests.Samples.OSS_SHARED_CREDENTIALS_FILE;
import static io.github.statebackends.tests.Samples.OSS_STS_ENDPOINT;
import static io.github.statebackends.tests.Support.WORKSPACE;
import static io.github.statebackends.tests.Support.assertNoSecrets;
import static io.github.statebackends.tests.Support.assertRefusal;
import static io.github.statebackends.tests.Support.keyTests;
import static io.github.statebackends.tests.Support.lazySynth;
import static io.github.statebackends.tests.Support.map;
import static io.github.statebackends.tests.Support.path;
import static io.github.statebackends.tests.Support.refused;
import static io.github.statebackends.tests.Support.warnings;
import static io.github.statebackends.tests.Support.without;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.DataTerraformRemoteStateOss;
import io.github.statebackends.OssAssumeRole;
import io.github.statebackends.OssBackend;
import io.github.statebackends.StateBackendErrors;
import io.github.statebackends.StateBackendTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import software.constructs.Construct;

/**
 * BackendC ({@code OssBackend}), built as spec 4.1 documents:
 * {@code OssBackend.Builder.create(scope)...build()}, with a scope and no id.
 *
 * <p>Every field of spec 2.4 is set once in the spec's spelling ({@code lockStoreEndpoint},
 * {@code lockStoreTable}) and once in cdktf's ({@code tablestoreEndpoint}, {@code tablestoreTable});
 * both must become {@code tablestore_endpoint} and {@code tablestore_table}. The deprecated
 * {@code assumeRole} block excludes {@code assumeRoleRoleArn} and gets its own stacks.
 * {@code lockStoreInstanceName} needs Terraform 1.12.0+, which the default target is.
 * {@link DataTerraformRemoteStateOss} is covered briefly.
 */
class OssTest {

    /** The tool's keys for every flattened field of spec 2.4 plus the lock instance name. */
    private static final Map<String, Object> FIELD_KEYS = map(
        "access_key", OSS_ACCESS_KEY,
        "secret_key", OSS_SECRET_KEY,
        "security_token", OSS_SECURITY_TOKEN,
        "ecs_role_name", OSS_ECS_ROLE_NAME,
        "region", OSS_REGION,
        "sts_endpoint", OSS_STS_ENDPOINT,
        "tablestore_endpoint", OSS_LOCK_STORE_ENDPOINT,
        "endpoint", OSS_ENDPOINT,
        "bucket", OSS_BUCKET,
        "prefix", OSS_PREFIX,
        "key", OSS_KEY,
        "tablestore_instance_name", OSS_LOCK_STORE_INSTANCE_NAME,
        "tablestore_table", OSS_LOCK_STORE_TABLE,
        "encrypt", true,
        "acl", OSS_ACL,
        "shared_credentials_file", OSS_SHARED_CREDENTIALS_FILE,
        "profile", OSS_PROFILE,
        "assume_role_role_arn", OSS_ASSUME_ROLE_ROLE_ARN,
        "assume_role_session_name", OSS_ASSUME_ROLE_SESSION_NAME,
        "assume_role_policy", OSS_ASSUME_ROLE_POLICY,
        "assume_role_session_expiration", OSS_ASSUME_ROLE_SESSION_EXPIRATION);

    /** BackendC with every field but the lock store ones, whose spelling the caller picks. */
    static OssBackend.Builder commonFields(final Construct scope) {
        return OssBackend.Builder.create(scope)
            .bucket(OSS_BUCKET)
            .accessKey(OSS_ACCESS_KEY)
            .acl(OSS_ACL)
            .assumeRolePolicy(OSS_ASSUME_ROLE_POLICY)
            .assumeRoleRoleArn(OSS_ASSUME_ROLE_ROLE_ARN)
            .assumeRoleSessionExpiration(OSS_ASSUME_ROLE_SESSION_EXPIRATION)
            .assumeRoleSessionName(OSS_ASSUME_ROLE_SESSION_NAME)
            .ecsRoleName(OSS_ECS_ROLE_NAME)
            .encrypt(true)
            .endpoint(OSS_ENDPOINT)
            .key(OSS_KEY)
            .prefix(OSS_PREFIX)
            .profile(OSS_PROFILE)
            .region(OSS_REGION)
            .secretKey(OSS_SECRET_KEY)
            .securityToken(OSS_SECURITY_TOKEN)
            .sharedCredentialsFile(OSS_SHARED_CREDENTIALS_FILE)
            .stsEndpoint(OSS_STS_ENDPOINT);
    }

    /** The remote-state twin of {@link #commonFields}, with workspace and defaults. */
    static DataTerraformRemoteStateOss.Builder remoteCommonFields(final Construct scope, final String id) {
        return DataTerraformRemoteStateOss.Builder.create(scope, id)
            .defaults(DEFAULTS)
            .workspace(WORKSPACE)
            .bucket(OSS_BUCKET)
            .accessKey(OSS_ACCESS_KEY)
            .acl(OSS_ACL)
            .assumeRolePolicy(OSS_ASSUME_ROLE_POLICY)
            .assumeRoleRoleArn(OSS_ASSUME_ROLE_ROLE_ARN)
            .assumeRoleSessionExpiration(OSS_ASSUME_ROLE_SESSION_EXPIRATION)
            .assumeRoleSessionName(OSS_ASSUME_ROLE_SESSION_NAME)
            .ecsRoleName(OSS_ECS_ROLE_NAME)
            .encrypt(true)
            .endpoint(OSS_ENDPOINT)
            .key(OSS_KEY)
            .prefix(OSS_PREFIX)
            .profile(OSS_PROFILE)
            .region(OSS_REGION)
            .secretKey(OSS_SECRET_KEY)
            .securityToken(OSS_SECURITY_TOKEN)
            .sharedCredentialsFile(OSS_SHARED_CREDENTIALS_FILE)
            .stsEndpoint(OSS_STS_ENDPOINT);
    }

    @TestFactory
    @DisplayName("OssBackend.Builder.create(scope) with every spec field in spec spelling (lockStoreEndpoint, lockStoreTable)")
    List<DynamicTest> backendWithSpecSpellings() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "state");
            commonFields(stack)
                .lockStoreEndpoint(OSS_LOCK_STORE_ENDPOINT)
                .lockStoreTable(OSS_LOCK_STORE_TABLE)
                .lockStoreInstanceName(OSS_LOCK_STORE_INSTANCE_NAME)
                .build();
            return stack;
        });
        return keyTests("terraform.backend.oss", path(json, "terraform.backend.oss"), FIELD_KEYS);
    }

    @TestFactory
    @DisplayName("OssBackend with cdktf's spellings (tablestoreEndpoint, tablestoreTable, tablestoreInstanceName) emits the same keys")
    List<DynamicTest> backendWithCdktfSpellings() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "state");
            commonFields(stack)
                .tablestoreEndpoint(OSS_LOCK_STORE_ENDPOINT)
                .tablestoreTable(OSS_LOCK_STORE_TABLE)
                .tablestoreInstanceName(OSS_LOCK_STORE_INSTANCE_NAME)
                .build();
            return stack;
        });
        return keyTests("terraform.backend.oss", path(json, "terraform.backend.oss"), FIELD_KEYS);
    }

    @SuppressWarnings("deprecation")
    @TestFactory
    @DisplayName("the deprecated assumeRole block: an object in the backend, a one-element list in a remote state's config")
    List<DynamicTest> deprecatedAssumeRoleBlock() {
        final OssAssumeRole role = OssAssumeRole.builder()
            .roleArn(OSS_ROLE_ARN_IN_ASSUME_ROLE)
            .sessionName(OSS_SESSION_NAME_IN_ASSUME_ROLE)
            .policy(OSS_POLICY_IN_ASSUME_ROLE)
            .sessionExpiration(OSS_SESSION_EXPIRATION_IN_ASSUME_ROLE)
            .build();
        final Map<String, Object> roleKeys = map(
            "role_arn", OSS_ROLE_ARN_IN_ASSUME_ROLE,
            "session_name", OSS_SESSION_NAME_IN_ASSUME_ROLE,
            "policy", OSS_POLICY_IN_ASSUME_ROLE,
            "session_expiration", OSS_SESSION_EXPIRATION_IN_ASSUME_ROLE);
        final Supplier<JsonNode> backend = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "state");
            OssBackend.Builder.create(stack).bucket(OSS_BUCKET).region(OSS_REGION).assumeRole(role).build();
            return stack;
        });
        final Supplier<JsonNode> remote = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            DataTerraformRemoteStateOss.Builder.create(stack, "state").bucket(OSS_BUCKET).region(OSS_REGION).assumeRole(role).build();
            return stack;
        });
        final List<DynamicTest> tests = new ArrayList<>();
        tests.addAll(keyTests("terraform.backend.oss", path(backend, "terraform.backend.oss"),
            map("bucket", OSS_BUCKET, "region", OSS_REGION, "assume_role", roleKeys)));
        tests.addAll(keyTests("data.terraform_remote_state.state.config", path(remote, "data.terraform_remote_state.state.config"),
            map("bucket", OSS_BUCKET, "region", OSS_REGION, "assume_role", List.of(roleKeys))));
        return tests;
    }

    @SuppressWarnings("deprecation")
    @Test
    @DisplayName("the deprecated assumeRole block is accepted with a deprecation warning")
    void deprecatedAssumeRoleWarns() {
        final TerraformStack stack = new TerraformStack(Support.app(), "state");
        final OssBackend backend = OssBackend.Builder.create(stack)
            .bucket(OSS_BUCKET)
            .assumeRole(OssAssumeRole.builder().roleArn(OSS_ROLE_ARN_IN_ASSUME_ROLE).build())
            .build();
        assertTrue(warnings(backend).stream().anyMatch(w -> w.startsWith("assumeRole is deprecated: use assumeRoleRoleArn")),
            warnings(backend).toString());
    }

    @TestFactory
    @DisplayName("DataTerraformRemoteStateOss with every field: config keys plus workspace and defaults")
    List<DynamicTest> remoteStateWithEveryField() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            remoteCommonFields(stack, "state")
                .tablestoreEndpoint(OSS_LOCK_STORE_ENDPOINT)
                .lockStoreTable(OSS_LOCK_STORE_TABLE)
                .lockStoreInstanceName(OSS_LOCK_STORE_INSTANCE_NAME)
                .build();
            return stack;
        });
        return keyTests("data.terraform_remote_state.state", path(json, "data.terraform_remote_state.state"),
            map("backend", "oss", "workspace", WORKSPACE, "defaults", DEFAULTS, "config", FIELD_KEYS));
    }

    @TestFactory
    @DisplayName("without lockStoreInstanceName the backend is valid for Terraform 1.11.4")
    List<DynamicTest> backendForTerraform1114() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(StateBackendTarget.terraform("1.11.4")), "state");
            commonFields(stack).lockStoreEndpoint(OSS_LOCK_STORE_ENDPOINT).lockStoreTable(OSS_LOCK_STORE_TABLE).build();
            return stack;
        });
        return keyTests("terraform.backend.oss", path(json, "terraform.backend.oss"), without(FIELD_KEYS, "tablestore_instance_name"));
    }

    @Test
    @DisplayName("fails if lockStoreInstanceName is set for Terraform 1.11.4 (it needs 1.12.0) or for OpenTofu")
    void failsIfLockStoreInstanceNameIsNotInTheTarget() {
        final TerraformStack old = new TerraformStack(Support.app(StateBackendTarget.terraform("1.11.4")), "state");
        final String forOld = refused(() -> OssBackend.Builder.create(old).bucket(OSS_BUCKET).lockStoreInstanceName(OSS_LOCK_STORE_INSTANCE_NAME).build());
        assertRefusal(forOld, "invalid oss backend (target terraform@1.11.4) at state/backend:", "lockStoreInstanceName");
        assertTrue(forOld.contains("1.12.0"), forOld);

        final TerraformStack tofu = new TerraformStack(Support.app(StateBackendTarget.opentofu("1.12.6")), "state");
        final String forTofu = refused(() -> OssBackend.Builder.create(tofu).bucket(OSS_BUCKET).tablestoreInstanceName(OSS_LOCK_STORE_INSTANCE_NAME).build());
        assertRefusal(forTofu, "invalid oss backend (target opentofu@1.12.6) at state/backend:", "tablestoreInstanceName");
    }

    @Test
    @DisplayName("fails if assumeRoleSessionExpiration is 100 (spec 8: 900 to 3600), without echoing secrets")
    void failsIfSessionExpirationIsOutOfRange() {
        final TerraformStack stack = new TerraformStack(Support.app(), "state");
        final RuntimeException e = assertThrows(RuntimeException.class, () -> OssBackend.Builder.create(stack)
            .bucket(OSS_BUCKET)
            .accessKey(OSS_ACCESS_KEY)
            .secretKey(OSS_SECRET_KEY)
            .securityToken(OSS_SECURITY_TOKEN)
            .assumeRoleSessionExpiration(100)
            .build());
        final String message = refused(() -> {
            throw e;
        });
        assertRefusal(message, "invalid oss backend (target " + Support.DEFAULT_TARGET + ") at state/backend:", "assumeRoleSessionExpiration");
        assertTrue(message.contains("got 100, expected 900 to 3600 seconds"), message);
        assertNoSecrets(e.getMessage(), OSS_ACCESS_KEY, OSS_SECRET_KEY, OSS_SECURITY_TOKEN);
        // the rule ids, as a Java caller reads them from the exception's message
        assertEquals(List.of("oss/session-expiration"), StateBackendErrors.ruleIdsOf(e.getMessage()));
        assertEquals(List.of(), StateBackendErrors.ruleIdsOf("not this library's message"));
    }

    @SuppressWarnings("deprecation")
    @Test
    @DisplayName("fails if the block and the flattened role fields are both set, and if both lock-table spellings disagree")
    void failsOnConflictingFields() {
        final TerraformStack stack = new TerraformStack(Support.app(), "state");
        final String message = refused(() -> OssBackend.Builder.create(stack)
            .bucket(OSS_BUCKET)
            .assumeRole(OssAssumeRole.builder().roleArn(OSS_ROLE_ARN_IN_ASSUME_ROLE).build())
            .assumeRoleRoleArn(OSS_ASSUME_ROLE_ROLE_ARN)
            .lockStoreTable(OSS_LOCK_STORE_TABLE)
            .tablestoreTable("other_table")
            .build());
        assertTrue(message.startsWith("invalid oss backend (target " + Support.DEFAULT_TARGET + ") at state/backend:\n"), message);
        assertRefusal(message, "invalid oss backend (target " + Support.DEFAULT_TARGET + ") at state/backend:", "lockStoreTable");
        assertTrue(message.contains("tablestoreTable"), message);
    }

    @Test
    @DisplayName("warns if the assume-role block and assumeRoleRoleArn are both set: the tool ignores the block")
    void warnsOnBothAssumeRoleStyles() {
        final TerraformStack stack = new TerraformStack(Support.app(), "state");
        final OssBackend backend = OssBackend.Builder.create(stack)
            .bucket(OSS_BUCKET)
            .assumeRole(OssAssumeRole.builder().roleArn(OSS_ROLE_ARN_IN_ASSUME_ROLE).build())
            .assumeRoleRoleArn(OSS_ASSUME_ROLE_ROLE_ARN)
            .build();
        assertTrue(warnings(backend).stream().anyMatch(w -> w.endsWith("ignores the assumeRole block [oss/one-assume-role-style]")),
            warnings(backend).toString());
    }

    @Test
    @DisplayName("fails if the backend gets a token: a backend block accepts literals only")
    void failsIfTheBackendGetsAToken() {
        final TerraformStack stack = new TerraformStack(Support.app(), "state");
        final DataTerraformRemoteStateOss other = DataTerraformRemoteStateOss.Builder.create(stack, "other").bucket(OSS_BUCKET).build();
        final String message = refused(() -> OssBackend.Builder.create(stack).bucket(other.getString("bucket")).build());
        assertRefusal(message, "invalid oss backend (target " + Support.DEFAULT_TARGET + ") at state/backend:", "bucket");
        assertTrue(message.contains("got a reference, expected a literal value: terraform reads backend blocks literally"), message);
    }

    @Test
    @DisplayName("build() fails without the required bucket, naming it")
    void buildFailsWithoutBucket() {
        final TerraformStack stack = new TerraformStack(Support.app(), "state");
        final NullPointerException e = assertThrows(NullPointerException.class,
            () -> OssBackend.Builder.create(stack).region(OSS_REGION).lockStoreTable(OSS_LOCK_STORE_TABLE).build());
        assertTrue(e.getMessage().contains("bucket"), e.getMessage());
    }
}
