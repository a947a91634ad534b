package io.github.statebackends.tests;

import static io.github.statebackends.tests.Samples.AZURERM_ACCESS_KEY;
import static io.github.statebackends.tests.Samples.AZURERM_STORAGE_ACCOUNT_NAME;
import static io.github.statebackends.tests.Samples.AZURERM_ADO_SERVICE_CONNECTION_ID;
import static io.github.statebackends.tests.Samples.AZURERM_CLIENT_CERTIFICATE;
import static io.github.statebackends.tests.Samples.AZURERM_CLIENT_CERTIFICATE_PASSWORD;
import static io.github.statebackends.tests.Samples.AZURERM_CLIENT_CERTIFICATE_PATH;
import static io.github.statebackends.tests.Samples.AZURERM_CLIENT_ID;
import static io.github.statebackends.tests.Samples.AZURERM_CLIENT_ID_FILE_PATH;
import static io.github.statebackends.tests.Samples.AZURERM_CLIENT_SECRET;
import static io.github.statebackends.tests.Samples.AZURERM_CLIENT_SECRET_FILE_PATH;
import static io.github.statebackends.tests.Samples.AZURERM_CONTAINER_NAME;
import static io.github.statebackends.tests.Samples.AZURERM_ENCRYPTION_SCOPE;
import static io.github.statebackends.tests.Samples.AZURERM_ENDPOINT;
import static io.github.statebackends.tests.Samples.AZURERM_ENVIRONMENT;
import static io.github.statebackends.tests.Samples.AZURERM_KEY;
import static io.github.statebackends.tests.Samples.AZURERM_METADATA_HOST;
import static io.github.statebackends.tests.Samples.AZURERM_MANAGED_IDENTITY_ENDPOINT;
import static io.github.statebackends.tests.Samples.AZURERM_OIDC_REQUEST_TOKEN;
import static io.github.statebackends.tests.Samples.AZURERM_OIDC_REQUEST_URL;
import static io.github.statebackends.tests.Samples.AZURERM_OIDC_TOKEN;
import static io.github.statebackends.tests.Samples.AZURERM_OIDC_TOKEN_FILE_PATH;
import static io.github.statebackends.tests.Samples.AZURERM_RESOURCE_GROUP_NAME;
import static io.github.statebackends.tests.Samples.AZURERM_SAS_TOKEN;
import static io.github.statebackends.tests.Samples.AZURERM_SUBSCRIPTION_ID;
import static io.github.statebackends.tests.Samples.AZURERM_TENANT_ID;
import static io.github.statebackends.tests.Samples.AZURERM_TIMEOUT_SECONDS;
import static io.github.statebackends.tests.Support.DEFAULTS;
import static io.github.statebackends.tests.Samples.AZURERM_CUSTOMER_PROVIDED_KEY;
import static io.github.statebackends.tests.Support.WORKSPACE;
import static io.github.statebackends.tests.Support.assertNoSecrets;
import static io.github.statebackends.tests.Support.assertRefusal;
import static io.github.statebackends.tests.Support.keyTests;
import static io.github.statebackends.tests.Support.lazySynth;
import static io.github.statebackends.tests.Support.map;
import static io.github.statebackends.tests.Support.path;
import static io.github.statebackends.tests.Support.refused;
import static io.github.statebackends.tests.Support.warnings;
import static io.github.statebackends.tests.Support.with;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.AzurermBackend;
import io.github.statebackends.DataTerraformRemoteStateAzurerm;
import io.github.statebackends.StateBackendTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.constructs.Construct;

/**
 * RemoteStateD ({@code DataTerraformRemoteStateAzurerm}), built as spec 4.1 documents:
 * {@code DataTerraformRemoteStateAzurerm.Builder.create(scope, id)...build()} with every field of
 * spec 2.1 and 2.5, in the spec's spellings ({@code managedIdentityEndpoint},
 * {@code useDirectoryAuth}, {@code useGraphApi}, {@code useManagedIdentity}) and in cdktf's
 * ({@code msiEndpoint}, {@code useAzureadAuth}, {@code useMicrosoftGraph}, {@code useMsi}).
 *
 * <p>Targets matter here: {@code useGraphApi} is emitted only for Terraform 1.1-1.2 (from 1.3 a
 * {@code true} is left out with a warning and {@code false} is refused);
 * {@code timeoutSeconds}, {@code customerProvidedKey} and {@code encryptionScope} exist only in
 * OpenTofu. Each file-path field excludes its value field, so those get their own stack.
 * {@link AzurermBackend} is covered briefly.
 */
class AzurermTest {

    /** Keys every full config below emits (default target), without the auth-method pairs. */
    private static final Map<String, Object> BASE_KEYS = map(
        "subscription_id", AZURERM_SUBSCRIPTION_ID,
        "resource_group_name", AZURERM_RESOURCE_GROUP_NAME,
        "storage_account_name", AZURERM_STORAGE_ACCOUNT_NAME,
        "container_name", AZURERM_CONTAINER_NAME,
        "key", AZURERM_KEY,
        "lookup_blob_endpoint", true,
        "snapshot", true,
        "environment", AZURERM_ENVIRONMENT,
        "metadata_host", AZURERM_METADATA_HOST,
        "access_key", AZURERM_ACCESS_KEY,
        "sas_token", AZURERM_SAS_TOKEN,
        "tenant_id", AZURERM_TENANT_ID,
        "client_id", AZURERM_CLIENT_ID,
        "endpoint", AZURERM_ENDPOINT,
        "client_certificate", AZURERM_CLIENT_CERTIFICATE,
        "client_certificate_path", AZURERM_CLIENT_CERTIFICATE_PATH,
        "client_certificate_password", AZURERM_CLIENT_CERTIFICATE_PASSWORD,
        "client_secret", AZURERM_CLIENT_SECRET,
        "use_oidc", true,
        "ado_pipeline_service_connection_id", AZURERM_ADO_SERVICE_CONNECTION_ID,
        "oidc_request_token", AZURERM_OIDC_REQUEST_TOKEN,
        "oidc_request_url", AZURERM_OIDC_REQUEST_URL,
        "oidc_token", AZURERM_OIDC_TOKEN,
        "use_msi", true,
        "msi_endpoint", AZURERM_MANAGED_IDENTITY_ENDPOINT,
        "use_cli", false,
        "use_aks_workload_identity", true,
        "use_azuread_auth", true);

    /** RemoteStateD with every spec 2.1/2.5 field in spec spelling; {@link #newerFields} adds the rest. */
    @SuppressWarnings("deprecation") // endpoint is a spec 2.5 field the library marks deprecated
    static DataTerraformRemoteStateAzurerm.Builder specSpellings(final Construct scope, final String id) {
        return DataTerraformRemoteStateAzurerm.Builder.create(scope, id)
            .defaults(DEFAULTS)
            .workspace(WORKSPACE)
            .containerName(AZURERM_CONTAINER_NAME)
            .key(AZURERM_KEY)
            .storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME)
            .resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .accessKey(AZURERM_ACCESS_KEY)
            .clientCertificatePassword(AZURERM_CLIENT_CERTIFICATE_PASSWORD)
            .clientCertificatePath(AZURERM_CLIENT_CERTIFICATE_PATH)
            .clientId(AZURERM_CLIENT_ID)
            .clientSecret(AZURERM_CLIENT_SECRET)
            .endpoint(AZURERM_ENDPOINT)
            .environment(AZURERM_ENVIRONMENT)
            .metadataHost(AZURERM_METADATA_HOST)
            .managedIdentityEndpoint(AZURERM_MANAGED_IDENTITY_ENDPOINT)
            .oidcRequestToken(AZURERM_OIDC_REQUEST_TOKEN)
            .oidcRequestUrl(AZURERM_OIDC_REQUEST_URL)
            .oidcToken(AZURERM_OIDC_TOKEN)
            .sasToken(AZURERM_SAS_TOKEN)
            .snapshot(true)
            .subscriptionId(AZURERM_SUBSCRIPTION_ID)
            .tenantId(AZURERM_TENANT_ID)
            .useDirectoryAuth(true)
            .useGraphApi(true)
            .useManagedIdentity(true)
            .useOidc(true);
    }

    /** The backend twin of {@link #specSpellings}: every spec 2.5 field but useGraphApi. */
    @SuppressWarnings("deprecation") // endpoint
    static AzurermBackend.Builder backendSpecSpellings(final Construct scope) {
        return AzurermBackend.Builder.create(scope)
            .containerName(AZURERM_CONTAINER_NAME)
            .key(AZURERM_KEY)
            .storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME)
            .resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .accessKey(AZURERM_ACCESS_KEY)
            .clientCertificatePassword(AZURERM_CLIENT_CERTIFICATE_PASSWORD)
            .clientCertificatePath(AZURERM_CLIENT_CERTIFICATE_PATH)
            .clientId(AZURERM_CLIENT_ID)
            .clientSecret(AZURERM_CLIENT_SECRET)
            .endpoint(AZURERM_ENDPOINT)
            .environment(AZURERM_ENVIRONMENT)
            .metadataHost(AZURERM_METADATA_HOST)
            .managedIdentityEndpoint(AZURERM_MANAGED_IDENTITY_ENDPOINT)
            .oidcRequestToken(AZURERM_OIDC_REQUEST_TOKEN)
            .oidcRequestUrl(AZURERM_OIDC_REQUEST_URL)
            .oidcToken(AZURERM_OIDC_TOKEN)
            .sasToken(AZURERM_SAS_TOKEN)
            .snapshot(true)
            .subscriptionId(AZURERM_SUBSCRIPTION_ID)
            .tenantId(AZURERM_TENANT_ID)
            .useDirectoryAuth(true)
            .useManagedIdentity(true)
            .useOidc(true);
    }

    /** The settings beyond spec 2.5, all in Terraform 1.11.2 and later. */
    static DataTerraformRemoteStateAzurerm.Builder newerFields(final DataTerraformRemoteStateAzurerm.Builder b) {
        return b.adoServiceConnectionId(AZURERM_ADO_SERVICE_CONNECTION_ID)
            .clientCertificate(AZURERM_CLIENT_CERTIFICATE)
            .lookupBlobEndpoint(true)
            .useCli(false)
            .useAksWorkloadIdentity(true);
    }

    /** {@link #newerFields} for the backend builder. */
    static AzurermBackend.Builder newerFields(final AzurermBackend.Builder b) {
        return b.adoServiceConnectionId(AZURERM_ADO_SERVICE_CONNECTION_ID)
            .clientCertificate(AZURERM_CLIENT_CERTIFICATE)
            .lookupBlobEndpoint(true)
            .useCli(false)
            .useAksWorkloadIdentity(true);
    }

    @TestFactory
    @DisplayName("DataTerraformRemoteStateAzurerm.Builder.create(scope, id) with every spec field in spec spelling")
    List<DynamicTest> remoteStateWithSpecSpellings() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            newerFields(specSpellings(stack, "shared")).build();
            return stack;
        });
        // useGraphApi(true) is left out for the default target: the exact key set proves it
        return keyTests("data.terraform_remote_state.shared", path(json, "data.terraform_remote_state.shared"),
            map("backend", "azurerm", "workspace", WORKSPACE, "defaults", DEFAULTS, "config", BASE_KEYS));
    }

    @SuppressWarnings("deprecation") // endpoint
    @TestFactory
    @DisplayName("the same with cdktf's spellings msiEndpoint, useAzureadAuth, useMsi, useMicrosoftGraph")
    List<DynamicTest> remoteStateWithCdktfSpellings() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            final DataTerraformRemoteStateAzurerm.Builder cdktfSpellings = DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
                .defaults(DEFAULTS)
                .workspace(WORKSPACE)
                .containerName(AZURERM_CONTAINER_NAME)
                .key(AZURERM_KEY)
                .storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME)
                .resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
                .accessKey(AZURERM_ACCESS_KEY)
                .clientCertificatePassword(AZURERM_CLIENT_CERTIFICATE_PASSWORD)
                .clientCertificatePath(AZURERM_CLIENT_CERTIFICATE_PATH)
                .clientId(AZURERM_CLIENT_ID)
                .clientSecret(AZURERM_CLIENT_SECRET)
                .endpoint(AZURERM_ENDPOINT)
                .environment(AZURERM_ENVIRONMENT)
                .metadataHost(AZURERM_METADATA_HOST)
                .msiEndpoint(AZURERM_MANAGED_IDENTITY_ENDPOINT)
                .oidcRequestToken(AZURERM_OIDC_REQUEST_TOKEN)
                .oidcRequestUrl(AZURERM_OIDC_REQUEST_URL)
                .oidcToken(AZURERM_OIDC_TOKEN)
                .sasToken(AZURERM_SAS_TOKEN)
                .snapshot(true)
                .subscriptionId(AZURERM_SUBSCRIPTION_ID)
                .tenantId(AZURERM_TENANT_ID)
                .useAzureadAuth(true)
                .useMicrosoftGraph(true)
                .useMsi(true)
                .useOidc(true);
            newerFields(cdktfSpellings).build();
            return stack;
        });
        return keyTests("data.terraform_remote_state.shared", path(json, "data.terraform_remote_state.shared"),
            map("backend", "azurerm", "workspace", WORKSPACE, "defaults", DEFAULTS, "config", BASE_KEYS));
    }

    @TestFactory
    @DisplayName("file-path variants: clientIdFilePath, clientSecretFilePath, oidcTokenFilePath")
    List<DynamicTest> remoteStateWithFilePaths() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
            DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
                .containerName(AZURERM_CONTAINER_NAME)
                .key(AZURERM_KEY)
                .storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME)
                .resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
                .tenantId(AZURERM_TENANT_ID)
                .clientIdFilePath(AZURERM_CLIENT_ID_FILE_PATH)
                .clientSecretFilePath(AZURERM_CLIENT_SECRET_FILE_PATH)
                .useOidc(true)
                .oidcTokenFilePath(AZURERM_OIDC_TOKEN_FILE_PATH)
                .build();
            return stack;
        });
        return keyTests("data.terraform_remote_state.shared.config", path(json, "data.terraform_remote_state.shared.config"), map(
            "resource_group_name", AZURERM_RESOURCE_GROUP_NAME,
            "storage_account_name", AZURERM_STORAGE_ACCOUNT_NAME,
            "container_name", AZURERM_CONTAINER_NAME,
            "key", AZURERM_KEY,
            "tenant_id", AZURERM_TENANT_ID,
            "client_id_file_path", AZURERM_CLIENT_ID_FILE_PATH,
            "client_secret_file_path", AZURERM_CLIENT_SECRET_FILE_PATH,
            "use_oidc", true,
            "oidc_token_file_path", AZURERM_OIDC_TOKEN_FILE_PATH));
    }

    @Test
    @DisplayName("the spec's builder with every RemoteStateD field set is accepted; the env-dependent pairs warn")
    void specBuilderWithEveryFieldIsAccepted() {
        // GIVEN every field of spec parts 2.1 and 2.5, the value/file twins and the OIDC pair included
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        // (specSpellings leaves out oidcTokenFilePath only because the tools read one of the two)
        final DataTerraformRemoteStateAzurerm rs = specSpellings(stack, "shared").oidcTokenFilePath(AZURERM_OIDC_TOKEN_FILE_PATH).build();

        // THEN it is accepted: oidcToken beside its file warns (the file must hold the same token)
        final List<String> shown = warnings(rs);
        assertTrue(shown.stream().anyMatch(w -> w.endsWith("[azurerm/oidc-token-file-pair]")), shown.toString());
        assertTrue(shown.stream().anyMatch(w -> w.endsWith("[field/implied-value]")), shown.toString());
        assertNoSecrets(String.join("\n", shown), AZURERM_ACCESS_KEY, AZURERM_CLIENT_SECRET, AZURERM_SAS_TOKEN, AZURERM_OIDC_TOKEN, AZURERM_OIDC_REQUEST_TOKEN);
    }

    @TestFactory
    @DisplayName("useGraphApi and useMicrosoftGraph are emitted as use_microsoft_graph for Terraform 1.2.9")
    List<DynamicTest> graphApiForTerraform12() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(StateBackendTarget.terraform("1.2.9")), "consumer");
            DataTerraformRemoteStateAzurerm.Builder.create(stack, "spec")
                .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
                .useGraphApi(true).useOidc(true)
                .build();
            DataTerraformRemoteStateAzurerm.Builder.create(stack, "cdktf")
                .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
                .useMicrosoftGraph(false)
                .build();
            return stack;
        });
        final Map<String, Object> base = map(
            "resource_group_name", AZURERM_RESOURCE_GROUP_NAME, "storage_account_name", AZURERM_STORAGE_ACCOUNT_NAME, "container_name", AZURERM_CONTAINER_NAME, "key", AZURERM_KEY);
        final List<DynamicTest> tests = new ArrayList<>();
        tests.addAll(keyTests("data.terraform_remote_state.spec.config", path(json, "data.terraform_remote_state.spec.config"),
            with(base, "use_oidc", true, "use_microsoft_graph", true)));
        tests.addAll(keyTests("data.terraform_remote_state.cdktf.config", path(json, "data.terraform_remote_state.cdktf.config"),
            with(base, "use_microsoft_graph", false)));
        return tests;
    }

    @Test
    @DisplayName("useGraphApi(true) is left out with a warning for Terraform 1.3+")
    void graphApiTrueIsLeftOutWithAWarning() {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final DataTerraformRemoteStateAzurerm rs = DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
            .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .useGraphApi(true)
            .build();
        final JsonNode config = Support.at(Support.synth(stack), "data.terraform_remote_state.shared.config");
        assertEquals(Set.of("resource_group_name", "storage_account_name", "container_name", "key"), Support.keysOf(config));
        assertTrue(warnings(rs).stream().anyMatch(w -> w.startsWith("useGraphApi is left out of the output: terraform removed use_microsoft_graph in 1.3.0")),
            warnings(rs).toString());
    }

    @Test
    @DisplayName("fails if useGraphApi is false for Terraform 1.3+, without echoing secrets")
    void failsIfGraphApiIsFalse() {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final RuntimeException e = assertThrows(RuntimeException.class, () -> DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
            .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .clientId(AZURERM_CLIENT_ID).clientSecret(AZURERM_CLIENT_SECRET).tenantId(AZURERM_TENANT_ID).sasToken(AZURERM_SAS_TOKEN)
            .useGraphApi(false)
            .build());
        final String message = refused(() -> {
            throw e;
        });
        assertRefusal(message, "invalid azurerm remote state (target " + Support.DEFAULT_TARGET + ") at consumer/shared:", "useGraphApi");
        assertTrue(message.contains("got false"), message);
        assertNoSecrets(e.getMessage(), AZURERM_CLIENT_SECRET, AZURERM_SAS_TOKEN);
    }

    @TestFactory
    @DisplayName("OpenTofu-only fields: timeoutSeconds, customerProvidedKey, encryptionScope; adoServiceConnectionId in OpenTofu's spelling")
    List<DynamicTest> openTofuOnlyFields() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(StateBackendTarget.opentofu("1.12.6")), "consumer");
            DataTerraformRemoteStateAzurerm.Builder.create(stack, "cpk")
                .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
                .timeoutSeconds(AZURERM_TIMEOUT_SECONDS)
                .customerProvidedKey(AZURERM_CUSTOMER_PROVIDED_KEY)
                .adoServiceConnectionId(AZURERM_ADO_SERVICE_CONNECTION_ID)
                .build();
            DataTerraformRemoteStateAzurerm.Builder.create(stack, "scope")
                .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
                .encryptionScope(AZURERM_ENCRYPTION_SCOPE)
                .build();
            return stack;
        });
        final Map<String, Object> base = map(
            "resource_group_name", AZURERM_RESOURCE_GROUP_NAME, "storage_account_name", AZURERM_STORAGE_ACCOUNT_NAME, "container_name", AZURERM_CONTAINER_NAME, "key", AZURERM_KEY);
        final List<DynamicTest> tests = new ArrayList<>();
        tests.addAll(keyTests("data.terraform_remote_state.cpk.config", path(json, "data.terraform_remote_state.cpk.config"),
            with(base, "timeout_seconds", AZURERM_TIMEOUT_SECONDS, "customer_provided_key", AZURERM_CUSTOMER_PROVIDED_KEY,
                "ado_service_connection_id", AZURERM_ADO_SERVICE_CONNECTION_ID)));
        tests.addAll(keyTests("data.terraform_remote_state.scope.config", path(json, "data.terraform_remote_state.scope.config"),
            with(base, "encryption_scope", AZURERM_ENCRYPTION_SCOPE)));
        return tests;
    }

    @Test
    @DisplayName("fails if OpenTofu-only fields are set for Terraform, without echoing the key")
    void failsIfOpenTofuOnlyFieldsAreSetForTerraform() {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final RuntimeException e = assertThrows(RuntimeException.class, () -> DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
            .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .timeoutSeconds(AZURERM_TIMEOUT_SECONDS)
            .customerProvidedKey(AZURERM_CUSTOMER_PROVIDED_KEY)
            .build());
        final String message = refused(() -> {
            throw e;
        });
        for (final String field : List.of("timeoutSeconds", "customerProvidedKey")) {
            assertRefusal(message, "invalid azurerm remote state (target " + Support.DEFAULT_TARGET + ") at consumer/shared:", field);
        }
        assertNoSecrets(e.getMessage(), AZURERM_CUSTOMER_PROVIDED_KEY);

        final String scope = refused(() -> DataTerraformRemoteStateAzurerm.Builder.create(stack, "scope")
            .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).encryptionScope(AZURERM_ENCRYPTION_SCOPE).build());
        assertRefusal(scope, "invalid azurerm remote state (target " + Support.DEFAULT_TARGET + ") at consumer/scope:", "encryptionScope");
    }

    @Test
    @DisplayName("fails if environment is a name the default target no longer accepts (german)")
    void failsIfEnvironmentIsLegacy() {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final String message = refused(() -> DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
            .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .environment("german")
            .build());
        assertRefusal(message, "invalid azurerm remote state (target " + Support.DEFAULT_TARGET + ") at consumer/shared:", "environment");
    }

    @TestFactory
    @DisplayName("AzurermBackend with every field emits the same keys in the backend block")
    List<DynamicTest> backendWithEveryField() {
        final Supplier<JsonNode> json = lazySynth(() -> {
            final TerraformStack stack = new TerraformStack(Support.app(), "producer");
            newerFields(backendSpecSpellings(stack)).build();
            return stack;
        });
        return keyTests("terraform.backend.azurerm", path(json, "terraform.backend.azurerm"), BASE_KEYS);
    }

    @ParameterizedTest(name = "build() fails without {0}, naming it")
    @ValueSource(strings = {"containerName", "key", "storageAccountName"})
    void buildFailsWithoutARequiredField(final String missing) {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final DataTerraformRemoteStateAzurerm.Builder builder = DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
            .resourceGroupName(AZURERM_RESOURCE_GROUP_NAME);
        if (!missing.equals("containerName")) {
            builder.containerName(AZURERM_CONTAINER_NAME);
        }
        if (!missing.equals("key")) {
            builder.key(AZURERM_KEY);
        }
        if (!missing.equals("storageAccountName")) {
            builder.storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME);
        }
        final Executable build = builder::build;
        final NullPointerException e = assertThrows(NullPointerException.class, build);
        assertEquals(missing + " is required", e.getMessage());
    }

    @Test
    @DisplayName("the remaining spec field, resourceGroupName, is optional: without it a warning names the env vars the run needs")
    void resourceGroupNameIsOptional() {
        final TerraformStack stack = new TerraformStack(Support.app(), "consumer");
        final DataTerraformRemoteStateAzurerm rs = DataTerraformRemoteStateAzurerm.Builder.create(stack, "shared")
            .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME)
            .build();
        final JsonNode config = Support.at(Support.synth(stack), "data.terraform_remote_state.shared.config");
        assertEquals(Set.of("storage_account_name", "container_name", "key"), Support.keysOf(config));
        assertTrue(warnings(rs).stream().anyMatch(w -> w.startsWith("resourceGroupName is unset")), warnings(rs).toString());
    }
}
