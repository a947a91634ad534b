package io.github.statebackends.tests;

import static io.github.statebackends.tests.Samples.GCS_ENCRYPTION_KEY;
import static io.github.statebackends.tests.Samples.GCS_ACCESS_TOKEN;
import static io.github.statebackends.tests.Samples.GCS_BUCKET;
import static io.github.statebackends.tests.Samples.GCS_CREDENTIALS;
import static io.github.statebackends.tests.Samples.GCS_IMPERSONATE_SERVICE_ACCOUNT_DELEGATES;
import static io.github.statebackends.tests.Samples.GCS_STOREAGE_CUSTOM_ENDPOINT;
import static io.github.statebackends.tests.Samples.GCS_IMPERSONATE_SERVICE_ACCOUNT;
import static io.github.statebackends.tests.Samples.GCS_KMS_ENCRYPTION_KEY;
import static io.github.statebackends.tests.Samples.GCS_PREFIX;
import static io.github.statebackends.tests.Samples.GCS_UNIVERSE_DOMAIN;
import static io.github.statebackends.tests.Support.DEFAULTS;
import static io.github.statebackends.tests.Support.WORKSPACE;
import static io.github.statebackends.tests.Support.assertNoSecrets;
import static io.github.statebackends.tests.Support.assertRefusal;
import static io.github.statebackends.tests.Support.keyTests;
import static io.github.statebackends.tests.Support.lazySynth;
import static io.github.statebackends.tests.Support.map;
import static io.github.statebackends.tests.Support.path;
import static io.github.statebackends.tests.Support.refused;
import static io.github.statebackends.tests.Support.warnings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.DataTerraformRemoteStateGcs;
import io.github.statebackends.DataTerraformRemoteStateGcsConfig;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.GcsBackendConfig;
import io.github.statebackends.StateBackendTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import software.constructs.IConstruct;

/**
 * ConfigA ({@code GcsBackendConfig}): a plain configuration object built without a scope (spec
 * 4.1), then used by {@link GcsBackend} (its constructor and its builder) and by
 * {@link DataTerraformRemoteStateGcs}.
 *
 * <p>Every field of spec 2.2 is set with the spec's name and Java type, and every emitted tool key
 * is asserted on its own. {@code encryptionKey} and {@code kmsEncryptionKey} cannot be used
 * together, so the two are spread over two stacks; {@code universeDomain} exists only in OpenTofu
 * and is tested under an OpenTofu target.
 */
class GcsTest {

    /** Every ConfigA field of spec 2.2 except the KMS key, which excludes {@code encryptionKey}. */
    static GcsBackendConfig.Builder everyFieldButKms() {
        return GcsBackendConfig.builder()
            .bucket(GCS_BUCKET)
            .accessToken(GCS_ACCESS_TOKEN)
            .credentials(GCS_CREDENTIALS)
            .encryptionKey(GCS_ENCRYPTION_KEY)
            .impersonateServiceAccount(GCS_IMPERSONATE_SERVICE_ACCOUNT)
            .impersonateServiceAccountDelegates(GCS_IMPERSONATE_SERVICE_ACCOUNT_DELEGATES)
            .prefix(GCS_PREFIX)
            .storeageCustomEndpoint(GCS_STOREAGE_CUSTOM_ENDPOINT);
    }

    /** The keys {@link #everyFieldButKms()} emits, spelled the tool's way. */
    private static final Map<String, Object> EVERY_FIELD_BUT_KMS_KEYS = map(
        "bucket", GCS_BUCKET,
        "access_token", GCS_ACCESS_TOKEN,
        "credentials", GCS_CREDENTIALS,
        "encryption_key", GCS_ENCRYPTION_KEY,
        "impersonate_service_account", GCS_IMPERSONATE_SERVICE_ACCOUNT,
        "impersonate_service_account_delegates", GCS_IMPERSONATE_SERVICE_ACCOUNT_DELEGATES,
        "prefix", GCS_PREFIX,
        "storage_custom_endpoint", GCS_STOREAGE_CUSTOM_ENDPOINT);

    @Test
    @DisplayName("ConfigA is a plain object: the builder takes every spec 2.2 field with its Java type, no scope")
    void configIsAPlainObjectWithEverySpecField() {
        // GIVEN every field of spec 2.2, KMS key included (the object itself runs no checks)
        final GcsBackendConfig config = everyFieldButKms().kmsEncryptionKey(GCS_KMS_ENCRYPTION_KEY).build();

        // THEN the getters return what was set, typed as the spec says
        assertEquals(GCS_BUCKET, config.getBucket());
        assertEquals(GCS_ACCESS_TOKEN, config.getAccessToken());
        assertEquals(GCS_CREDENTIALS, config.getCredentials());
        assertEquals(GCS_ENCRYPTION_KEY, config.getEncryptionKey());
        assertEquals(GCS_IMPERSONATE_SERVICE_ACCOUNT, config.getImpersonateServiceAccount());
        final List<String> delegates = config.getImpersonateServiceAccountDelegates();
        assertEquals(GCS_IMPERSONATE_SERVICE_ACCOUNT_DELEGATES, delegates);
        assertEquals(GCS_KMS_ENCRYPTION_KEY, config.getKmsEncryptionKey());
        assertEquals(GCS_PREFIX, config.getPrefix());
        assertEquals(GCS_STOREAGE_CUSTOM_ENDPOINT, config.getStoreageCustomEndpoint());
        assertNull(config.getStorageCustomEndpoint());
        assertNull(config.getUniverseDomain());

        // AND it is a value, not a construct
        assertFalse(config instanceof IConstruct);
        final GcsBackendConfig again = everyFieldButKms().kmsEncryptionKey(GCS_KMS_ENCRYPTION_KEY).build();
        assertNotSame(config, again);
        assertEquals(config, again);
        assertEquals(config.hashCode(), again.hashCode());
    }

    @TestFactory
    @DisplayName("new GcsBackend(stack, config) emits every key of the config, storeageCustomEndpoint as storage_custom_endpoint")
    List<DynamicTest> backendFromTheConfigObject() {
        final GcsBackendConfig config = everyFieldButKms().build();
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
            new GcsBackend(stack, config);
            return stack;
        });
        return keyTests("terraform.backend.gcs", path(json, "terraform.backend.gcs"), EVERY_FIELD_BUT_KMS_KEYS);
    }

    @TestFactory
    @DisplayName("GcsBackend.Builder with the KMS key and the correctly spelled storageCustomEndpoint alias")
    List<DynamicTest> backendBuilderWithKmsKeyAndAlias() {
        final GcsBackendConfig config = GcsBackendConfig.builder()
            .bucket(GCS_BUCKET)
            .prefix(GCS_PREFIX)
            .credentials(GCS_CREDENTIALS)
            .kmsEncryptionKey(GCS_KMS_ENCRYPTION_KEY)
            .storageCustomEndpoint(GCS_STOREAGE_CUSTOM_ENDPOINT)
            .build();
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
            GcsBackend.Builder.create(stack)
                .bucket(config.getBucket())
                .prefix(config.getPrefix())
                .credentials(config.getCredentials())
                .kmsEncryptionKey(config.getKmsEncryptionKey())
                .storageCustomEndpoint(config.getStorageCustomEndpoint())
                .build();
            return stack;
        });
        return keyTests("terraform.backend.gcs", path(json, "terraform.backend.gcs"), map(
            "bucket", GCS_BUCKET,
            "prefix", GCS_PREFIX,
            "credentials", GCS_CREDENTIALS,
            "kms_encryption_key", GCS_KMS_ENCRYPTION_KEY,
            "storage_custom_endpoint", GCS_STOREAGE_CUSTOM_ENDPOINT));
    }

    @TestFactory
    @DisplayName("DataTerraformRemoteStateGcs (builder and config struct) emits every key in config, plus workspace and defaults")
    List<DynamicTest> remoteStates() {
        final GcsBackendConfig config = everyFieldButKms().build();
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            DataTerraformRemoteStateGcs.Builder.create(stack, "from_builder")
                .defaults(DEFAULTS)
                .workspace(WORKSPACE)
                .bucket(config.getBucket())
                .accessToken(config.getAccessToken())
                .credentials(config.getCredentials())
                .encryptionKey(config.getEncryptionKey())
                .impersonateServiceAccount(config.getImpersonateServiceAccount())
                .impersonateServiceAccountDelegates(config.getImpersonateServiceAccountDelegates())
                .prefix(config.getPrefix())
                .storeageCustomEndpoint(config.getStoreageCustomEndpoint())
                .build();
            new DataTerraformRemoteStateGcs(stack, "from_struct", DataTerraformRemoteStateGcsConfig.builder()
                .bucket(GCS_BUCKET)
                .kmsEncryptionKey(GCS_KMS_ENCRYPTION_KEY)
                .storageCustomEndpoint(GCS_STOREAGE_CUSTOM_ENDPOINT)
                .build());
            return stack;
        });
        final List<DynamicTest> tests = new ArrayList<>();
        tests.addAll(keyTests("data.terraform_remote_state.from_builder", path(json, "data.terraform_remote_state.from_builder"), map(
            "backend", "gcs",
            "workspace", WORKSPACE,
            "defaults", DEFAULTS,
            "config", EVERY_FIELD_BUT_KMS_KEYS)));
        tests.addAll(keyTests("data.terraform_remote_state.from_struct", path(json, "data.terraform_remote_state.from_struct"), map(
            "backend", "gcs",
            "config", map("bucket", GCS_BUCKET, "kms_encryption_key", GCS_KMS_ENCRYPTION_KEY, "storage_custom_endpoint", GCS_STOREAGE_CUSTOM_ENDPOINT))));
        return tests;
    }

    @TestFactory
    @DisplayName("universeDomain (OpenTofu 1.11.5+ only) is emitted as universe_domain for an OpenTofu target")
    List<DynamicTest> universeDomainForOpenTofu() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(StateBackendTarget.opentofu("1.12.6")), "gcs");
            new GcsBackend(stack, GcsBackendConfig.builder().bucket(GCS_BUCKET).universeDomain(GCS_UNIVERSE_DOMAIN).build());
            return stack;
        });
        return keyTests("terraform.backend.gcs", path(json, "terraform.backend.gcs"),
            map("bucket", GCS_BUCKET, "universe_domain", GCS_UNIVERSE_DOMAIN));
    }

    @Test
    @DisplayName("universeDomain is refused for Terraform, which has no such setting")
    void universeDomainIsRefusedForTerraform() {
        final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
        final String message = refused(() -> new GcsBackend(stack,
            GcsBackendConfig.builder().bucket(GCS_BUCKET).universeDomain(GCS_UNIVERSE_DOMAIN).build()));
        assertRefusal(message, "invalid gcs backend (target " + Support.DEFAULT_TARGET + ") at gcs/backend:", "universeDomain");
        assertTrue(message.contains("but terraform has no such setting; only opentofu 1.11.5 and later has it"), message);
    }

    @Test
    @DisplayName("fails if encryptionKey is not 32 base64-encoded bytes, without echoing the key or other secrets")
    void failsIfEncryptionKeyIsNot32Bytes() {
        final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
        final RuntimeException e = assertThrows(RuntimeException.class, () -> GcsBackend.Builder.create(stack)
            .bucket(GCS_BUCKET)
            .accessToken(GCS_ACCESS_TOKEN)
            .encryptionKey("abc")
            .build());
        final String message = refused(() -> {
            throw e;
        });
        assertRefusal(message, "invalid gcs backend (target " + Support.DEFAULT_TARGET + ") at gcs/backend:", "encryptionKey");
        assertTrue(message.contains("32 bytes"), message);
        assertNoSecrets(message, "abc");
        assertNoSecrets(e.getMessage(), "\"abc\"", GCS_ACCESS_TOKEN);
    }

    @Test
    @DisplayName("fails if encryptionKey and kmsEncryptionKey are both set")
    void failsIfBothEncryptionKeysAreSet() {
        final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
        final String message = refused(() -> new GcsBackend(stack, everyFieldButKms().kmsEncryptionKey(GCS_KMS_ENCRYPTION_KEY).build()));
        assertTrue(message.startsWith("invalid gcs backend (target " + Support.DEFAULT_TARGET + ") at gcs/backend:\n"), message);
        assertTrue(message.contains("encryptionKey") && message.contains("kmsEncryptionKey"), message);
        assertNoSecrets(message, GCS_ENCRYPTION_KEY, GCS_ACCESS_TOKEN);
    }

    @Test
    @DisplayName("fails if storeageCustomEndpoint and storageCustomEndpoint disagree")
    void failsIfBothEndpointSpellingsDisagree() {
        final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
        final String message = refused(() -> GcsBackend.Builder.create(stack)
            .bucket(GCS_BUCKET)
            .storeageCustomEndpoint(GCS_STOREAGE_CUSTOM_ENDPOINT)
            .storageCustomEndpoint("https://other.p.googleapis.com/storage/v1/b")
            .build());
        assertRefusal(message, "invalid gcs backend (target " + Support.DEFAULT_TARGET + ") at gcs/backend:", "storeageCustomEndpoint");
        assertTrue(message.contains("storageCustomEndpoint"), message);
    }

    @Test
    @DisplayName("fails if storeageCustomEndpoint lacks the /storage/v1/b path")
    void failsIfTheEndpointHasNoStoragePath() {
        final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
        final String message = refused(() -> new GcsBackend(stack,
            GcsBackendConfig.builder().bucket(GCS_BUCKET).storeageCustomEndpoint("https://storage-acme.p.googleapis.com").build()));
        assertRefusal(message, "invalid gcs backend (target " + Support.DEFAULT_TARGET + ") at gcs/backend:", "storeageCustomEndpoint");
    }

    @Test
    @DisplayName("accessToken together with credentials is accepted with a warning that accessToken wins")
    void accessTokenWinsOverCredentials() {
        final TerraformStack stack = new TerraformStack(Support.app(), "gcs");
        final GcsBackend backend = new GcsBackend(stack, everyFieldButKms().build());
        assertTrue(warnings(backend).stream().anyMatch(w -> w.startsWith("accessToken and credentials are both set")),
            warnings(backend).toString());
    }

    @Test
    @DisplayName("build() fails without the required bucket, naming it")
    void buildFailsWithoutBucket() {
        final NullPointerException e = assertThrows(NullPointerException.class,
            () -> GcsBackendConfig.builder().prefix(GCS_PREFIX).credentials(GCS_CREDENTIALS).build());
        assertTrue(e.getMessage().contains("bucket"), e.getMessage());
    }
}
