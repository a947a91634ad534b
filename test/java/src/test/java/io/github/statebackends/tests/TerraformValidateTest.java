package io.github.statebackends.tests;

import static io.github.statebackends.tests.Samples.*;
import static io.github.statebackends.tests.Support.DEFAULTS;
import static io.github.statebackends.tests.Support.WORKSPACE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.AzurermBackend;
import io.github.statebackends.CosBackend;
import io.github.statebackends.CosBackendAssumeRole;
import io.github.statebackends.DataTerraformRemoteStateAzurerm;
import io.github.statebackends.DataTerraformRemoteStateCos;
import io.github.statebackends.DataTerraformRemoteStateGcs;
import io.github.statebackends.DataTerraformRemoteStateOss;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.GcsBackendConfig;
import io.github.statebackends.OssAssumeRole;
import io.github.statebackends.OssBackend;
import io.github.statebackends.StateBackendTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real tools are the judges, as in the TypeScript suite's {@code terraform-validate.test.ts}: a
 * Java-synthesized app with the four spec components fully configured (plus the other classes) is
 * checked with each judge's {@code validate}, for a target equal to that judge's tool and version.
 * The judges are those of {@code scripts/judges.txt} (the view of {@code test/support/judge-rows.ts}
 * every language's suite reads) that the languages tier runs: {@code terraform} on PATH, Terraform
 * built (from its source archive or the Go module proxy) into
 * {@code ~/.cache/cdktf-state-backends/terraform/<version>/terraform} (or the binary
 * {@code $STATE_BACKENDS_TERRAFORM_<x_y_z>} names) and OpenTofu built into
 * {@code ~/.cache/cdktf-state-backends/tofu/<version>/tofu}, both by {@code scripts/judges.sh}
 * ({@code $STATE_BACKENDS_CACHE} replaces {@code ~/.cache/cdktf-state-backends};
 * {@code $STATE_BACKENDS_OPENTOFU_JUDGES} the OpenTofu versions).
 *
 * <p>Each stack's {@code cdk.tf.json} is read from the app's outdir. Every backend block becomes a
 * {@code data.terraform_remote_state.<x>} whose {@code config} holds the block's attributes (a
 * nested block object becomes a one-element list, the only form {@code config} accepts); remote
 * states are kept as synthesized. The tools check {@code config} offline against the same backend
 * schema, so no backend is ever initialised: the run is {@code init -backend=false} then
 * {@code validate -json}, with checkpoint calls disabled and an empty CLI config, in a network
 * namespace of its own where the machine allows it ({@code unshare -n}).
 *
 * <p>A listed judge that is missing fails the run when {@code CI} is set, and is skipped with a
 * loud message elsewhere.
 */
class TerraformValidateTest {

    /** One tool binary at one version. */
    record Judge(String tool, String version, String binary) {
        String name() {
            return tool + " " + version;
        }

        StateBackendTarget target() {
            return "terraform".equals(tool) ? StateBackendTarget.terraform(version) : StateBackendTarget.opentofu(version);
        }
    }

    private static final List<Judge> JUDGES = new ArrayList<>();
    private static final List<String> PROBLEMS = new ArrayList<>();
    /** The command prefix that cuts a judge off the network, empty where the machine cannot. */
    private static List<String> sandbox = List.of();

    @BeforeAll
    static void findJudges(@TempDir final Path tmp) throws Exception {
        for (final List<String> prefix : List.of(List.of("unshare", "-n", "--"), List.of("unshare", "-r", "-n", "--"))) {
            try {
                final List<String> probe = new ArrayList<>(prefix.subList(0, prefix.size() - 1));
                probe.add("true");
                if (run(tmp, probe, tmp.resolve("empty.tfrc")).exit == 0) {
                    sandbox = prefix;
                    break;
                }
            } catch (IOException e) {
                // no unshare on this machine
            }
        }
        for (final String[] listed : listedJudges()) {
            final String tool = listed[0];
            final String version = listed[1];
            if ("path".equals(listed[2])) {
                probe(tmp, tool, "terraform", null);
            } else if ("terraform".equals(tool)) {
                probe(tmp, tool, terraformBinary(version), version);
            } else {
                probe(tmp, tool, cached("tofu", version), version);
            }
        }
        for (final String problem : PROBLEMS) {
            System.err.println("\n!!! " + problem + "\n");
        }
    }

    private static void probe(final Path tmp, final String tool, final String binary, final String expected) throws Exception {
        String version = null;
        String why;
        try {
            final Run r = run(tmp, List.of(binary, "version", "-json"), tmp.resolve("empty.tfrc"));
            if (r.exit == 0) {
                version = Support.parse(r.stdout).path("terraform_version").asText(null);
            }
            why = "exit " + r.exit + ": " + r.stderr.strip();
        } catch (IOException e) {
            why = e.getMessage();
        }
        if (version == null) {
            PROBLEMS.add(expected == null
                ? "terraform is not on PATH (" + why + "); install Terraform (the release scripts/judges.txt gives, in CI) to run the tool checks"
                : tool + " " + expected + " is not at " + binary + " (" + why + "); run `npx projen judges` (needs Go 1.26+; see CONTRIBUTING.md)");
        } else if (expected != null && !expected.equals(version)) {
            PROBLEMS.add(binary + " reports version " + version + ", expected " + expected);
        } else {
            final String found = version;
            // terraform on PATH may be any release; one already judging is not run twice
            if (JUDGES.stream().noneMatch(j -> j.tool().equals(tool) && j.version().equals(found))) {
                JUDGES.add(new Judge(tool, version, binary));
            }
        }
    }

    /**
     * The judges of scripts/judges.txt (surefire passes its path) whose {@code tiers=} names the
     * languages tier, as {tool, version, where from, keys...}; the OpenTofu lines replaced by
     * {@code $STATE_BACKENDS_OPENTOFU_JUDGES} (space-separated) when set.
     */
    private static List<String[]> listedJudges() throws IOException {
        final Path list = Path.of(System.getProperty("statebackends.judges", "../../scripts/judges.txt"));
        final List<String[]> listed = new ArrayList<>(Files.readAllLines(list).stream()
            .map(l -> l.replaceAll("#.*", "").strip())
            .filter(l -> !l.isEmpty())
            .map(l -> l.split("\\s+"))
            .filter(w -> java.util.Arrays.stream(w).anyMatch(k -> k.startsWith("tiers=") && List.of(k.substring(6).split(",")).contains("languages")))
            .toList());
        final String override = System.getenv("STATE_BACKENDS_OPENTOFU_JUDGES");
        if (override != null && !override.isBlank()) {
            listed.removeIf(j -> "opentofu".equals(j[0]));
            for (final String v : override.strip().split("\\s+")) {
                listed.add(new String[] {"opentofu", v, "proxy"});
            }
        }
        return listed;
    }

    /** A built Terraform: the binary {@code $STATE_BACKENDS_TERRAFORM_<x_y_z>} names, else the cached build. */
    private static String terraformBinary(final String version) {
        final String named = System.getenv("STATE_BACKENDS_TERRAFORM_" + version.replace('.', '_'));
        return named != null && !named.isEmpty() ? named : cached("terraform", version);
    }

    /** Where scripts/judges.sh builds {@code tool} (its binary's name) at {@code version}. */
    private static String cached(final String tool, final String version) {
        final String cache = System.getenv("STATE_BACKENDS_CACHE");
        // Joined from parts so that scripts/flavour.js, which renames the package in the cdktn copy of
        // these sources, leaves the judges' cache (shared by both flavours) alone.
        final String cacheName = String.join("-", "cdktf", "state", "backends");
        // npm test always sets the variable (scripts/cache-dir.js decides it); run alone, ~ is $HOME as in
        // the scripts that build the judges, not user.home (the account's home, which ignores $HOME).
        final Path root = cache != null && !cache.isEmpty() ? Path.of(cache) : Path.of(System.getenv("HOME"), ".cache", cacheName);
        return root.resolve(tool).resolve(version).resolve(tool).toString();
    }

    @Test
    @DisplayName("every listed judge is there (a failure under CI, a loud skip elsewhere)")
    void everyJudgeIsThere() {
        if (PROBLEMS.isEmpty()) {
            return;
        }
        final String message = "!!! " + String.join("; ", PROBLEMS);
        if (System.getenv("CI") != null) {
            fail(message + " (CI is set, so this is a failure)");
        }
        Assumptions.abort(message);
    }

    @TestFactory
    @DisplayName("each judge accepts every backend and remote state of a Java-synthesized app")
    List<DynamicTest> judgesAcceptTheApp() {
        return JUDGES.stream()
            .map(judge -> DynamicTest.dynamicTest(judge.name() + " accepts every backend and remote state of a Java-synthesized app",
                () -> judgeAcceptsTheApp(judge)))
            .toList();
    }

    private static void judgeAcceptsTheApp(final Judge judge) throws Exception {
        // GIVEN an app for the judge's tool and version, with every component fully configured
        final Path tmp = Files.createTempDirectory(judge.tool() + "-java-");
        final Path outdir = tmp.resolve("cdktf.out");
        final App app = Support.appWithOutdir(outdir, judge.target());
        buildStacks(app, judge);
        app.synth();

        // WHEN every stack's backend and remote states become remote states of one configuration
        final ObjectNode remoteStates = Support.MAPPER.createObjectNode();
        final JsonNode manifest = Support.read(outdir.resolve("manifest.json"));
        int backends = 0;
        for (final Map.Entry<String, JsonNode> stack : manifest.path("stacks").properties()) {
            final JsonNode json = Support.read(outdir.resolve(stack.getValue().path("synthesizedStackPath").asText()));
            for (final Map.Entry<String, JsonNode> block : json.path("terraform").path("backend").properties()) {
                final ObjectNode entry = remoteStates.putObject(stack.getKey() + "_backend_" + block.getKey());
                entry.put("backend", block.getKey());
                entry.set("config", backendToRemoteConfig(block.getValue()));
                backends++;
            }
            for (final Map.Entry<String, JsonNode> rs : json.path("data").path("terraform_remote_state").properties()) {
                remoteStates.set(stack.getKey() + "_" + rs.getKey(), rs.getValue());
            }
        }
        final ObjectNode document = Support.MAPPER.createObjectNode();
        document.putObject("data").set("terraform_remote_state", remoteStates);

        // (the document must hold what we built: 7 backend blocks, one the local default of "remote", and 7 remote states)
        assertEquals(7, backends, remoteStates.toString());
        assertEquals(7 + 7, remoteStates.size(), remoteStates.fieldNames().toString());
        for (final JsonNode rs : remoteStates) {
            assertTrue(rs.path("config").size() > 0, "empty config in " + rs);
        }

        // THEN the judge accepts all of it
        final JsonNode result = validate(judge, tmp.resolve("check"), document);
        final List<JsonNode> errors = diagnostics(result, "error");
        assertEquals(List.of(), errors, judge.name() + " errors");
        assertTrue(result.path("valid").asBoolean(false), result.toPrettyString());
        // the tools warn only about fields the library itself marks deprecated (azurerm endpoint for
        // terraform: "endpoint", in later releases "The argument .endpoint is deprecated"; msi_endpoint for OpenTofu 1.11+)
        for (final JsonNode warning : diagnostics(result, "warning")) {
            final String summary = warning.path("summary").asText() + " " + warning.path("detail").asText();
            assertTrue(summary.contains("\"endpoint\"") || summary.contains("argument .endpoint is deprecated") || summary.contains("msi_endpoint"),
                warning.toString());
        }
        System.out.println(judge.name() + ": " + remoteStates.size() + " remote-state configurations valid ("
            + backends + " from backend blocks), run " + (sandbox.isEmpty() ? "with the network" : "without network")
            + "; warnings: " + diagnostics(result, "warning").stream().map(d -> d.path("summary").asText()).toList());
    }

    @TestFactory
    @DisplayName("the check can fail: each judge rejects cdktf's storeage_custom_endpoint and an assume_role object in config")
    List<DynamicTest> theCheckCanFail() {
        return JUDGES.stream().map(judge -> DynamicTest.dynamicTest(judge.name() + " rejects them", () -> {
            final ObjectNode document = (ObjectNode) Support.MAPPER.valueToTree(Support.map("data", Support.map("terraform_remote_state", Support.map(
                "typo", Support.map("backend", "gcs", "config", Support.map("bucket", GCS_BUCKET, "storeage_custom_endpoint", GCS_STOREAGE_CUSTOM_ENDPOINT)),
                "object", Support.map("backend", "cos", "config", Support.map("bucket", COS_BUCKET, "region", COS_REGION,
                    "assume_role", Support.map("role_arn", COS_ROLE_ARN_IN_ASSUME_ROLE, "session_name", COS_SESSION_NAME_IN_ASSUME_ROLE, "session_duration", 3600)))))));
            final JsonNode result = validate(judge, Files.createTempDirectory(judge.tool() + "-java-").resolve("check"), document);
            assertFalse(result.path("valid").asBoolean(true), result.toPrettyString());
            final String errors = diagnostics(result, "error").toString();
            assertTrue(errors.contains("storeage_custom_endpoint"), errors);
            assertTrue(errors.contains("assume_role"), errors);
        })).toList();
    }

    /**
     * The stacks: every component, every field the judge's version accepts, exclusive fields spread
     * out. The gates follow docs/FIELDS.md (first Terraform release, first OpenTofu release; null:
     * the tool never had it).
     */
    @SuppressWarnings("deprecation") // azurerm endpoint: deprecated, still accepted (terraform warns)
    private static void buildStacks(final App app, final Judge judge) {
        final TerraformStack gcs = new TerraformStack(app, "gcs");
        final GcsBackendConfig gcsConfig = GcsTest.everyFieldButKms().build();
        new GcsBackend(gcs, gcsConfig);

        final TerraformStack gcsKms = new TerraformStack(app, "gcs-kms");
        final GcsBackend.Builder gcsKmsBackend = GcsBackend.Builder.create(gcsKms)
            .bucket(GCS_BUCKET).prefix(GCS_PREFIX + "-kms").kmsEncryptionKey(GCS_KMS_ENCRYPTION_KEY).storageCustomEndpoint(GCS_STOREAGE_CUSTOM_ENDPOINT);
        if (has(judge, null, "1.11.5")) {
            gcsKmsBackend.universeDomain(GCS_UNIVERSE_DOMAIN);
        }
        gcsKmsBackend.build();

        final TerraformStack oss = new TerraformStack(app, "oss");
        final OssBackend.Builder ossBackend = OssTest.commonFields(oss)
            .lockStoreEndpoint(OSS_LOCK_STORE_ENDPOINT).lockStoreTable(OSS_LOCK_STORE_TABLE);
        if (has(judge, "1.12.0", null)) {
            ossBackend.lockStoreInstanceName(OSS_LOCK_STORE_INSTANCE_NAME);
        }
        ossBackend.build();

        final TerraformStack ossBlock = new TerraformStack(app, "oss-block");
        ossAssumeRoleBlock(OssBackend.Builder.create(ossBlock).bucket(OSS_BUCKET).prefix("block").region(OSS_REGION)).build();

        final TerraformStack cos = new TerraformStack(app, "cos");
        final CosBackend.Builder cosBackend = CosTest.backendSpecFields(cos, cosAssumeRole(judge));
        if (!has(judge, "1.6.0", null)) {
            // the spec's endpoint and domain are Terraform's (1.6+); OpenTofu never had them
            cosBackend.endpoint(null).domain(null);
        }
        if (has(judge, "1.10.0", null)) {
            cosBackend.camRoleName(COS_CAM_ROLE_NAME).profile(COS_PROFILE).sharedCredentialsDir(COS_SHARED_CREDENTIALS_DIR);
        }
        cosBackend.build();

        final TerraformStack azurerm = new TerraformStack(app, "azurerm");
        final AzurermBackend.Builder azBackend = AzurermTest.backendSpecSpellings(azurerm);
        if ("opentofu".equals(judge.tool())) {
            // OpenTofu takes environment or metadataHost, not both: metadataHost goes to azurerm_files
            azBackend.metadataHost(null);
        }
        if (has(judge, "1.11.2", "1.12.0")) {
            azBackend.adoServiceConnectionId(AZURERM_ADO_SERVICE_CONNECTION_ID);
        }
        if (has(judge, "1.11.0", "1.11.0")) {
            azBackend.clientCertificate(AZURERM_CLIENT_CERTIFICATE).useCli(false).useAksWorkloadIdentity(true);
        }
        if (has(judge, "1.11.2", null)) {
            azBackend.lookupBlobEndpoint(true);
        }
        if (has(judge, null, "1.9.0")) {
            azBackend.timeoutSeconds(AZURERM_TIMEOUT_SECONDS);
        }
        if (has(judge, null, "1.12.0")) {
            azBackend.encryptionScope(AZURERM_ENCRYPTION_SCOPE);
        }
        azBackend.build();

        // remote states: RemoteStateB and RemoteStateD fully configured, the others too
        final TerraformStack remote = new TerraformStack(app, "remote");
        final DataTerraformRemoteStateCos.Builder rsCos = CosTest.remoteStateSpecFields(remote, "cos", cosAssumeRole(judge));
        if (!has(judge, "1.6.0", null)) {
            rsCos.endpoint(null).domain(null);
        }
        if (has(judge, "1.10.0", null)) {
            rsCos.camRoleName(COS_CAM_ROLE_NAME).profile(COS_PROFILE).sharedCredentialsDir(COS_SHARED_CREDENTIALS_DIR);
        }
        rsCos.build();

        final DataTerraformRemoteStateAzurerm.Builder rsAz = AzurermTest.specSpellings(remote, "azurerm");
        if ("opentofu".equals(judge.tool())) {
            rsAz.metadataHost(null);
        }
        if (has(judge, "1.11.2", "1.12.0")) {
            rsAz.adoServiceConnectionId(AZURERM_ADO_SERVICE_CONNECTION_ID);
        }
        if (has(judge, "1.11.0", "1.11.0")) {
            rsAz.clientCertificate(AZURERM_CLIENT_CERTIFICATE).useCli(false).useAksWorkloadIdentity(true);
        }
        if (has(judge, "1.11.2", null)) {
            rsAz.lookupBlobEndpoint(true);
        }
        if (has(judge, null, "1.9.0")) {
            rsAz.timeoutSeconds(AZURERM_TIMEOUT_SECONDS);
        }
        rsAz.build();

        final DataTerraformRemoteStateAzurerm.Builder rsAzFiles = DataTerraformRemoteStateAzurerm.Builder.create(remote, "azurerm_files")
            .containerName(AZURERM_CONTAINER_NAME).key(AZURERM_KEY).storageAccountName(AZURERM_STORAGE_ACCOUNT_NAME).resourceGroupName(AZURERM_RESOURCE_GROUP_NAME)
            .tenantId(AZURERM_TENANT_ID).msiEndpoint(AZURERM_MANAGED_IDENTITY_ENDPOINT).useMsi(true).useAzureadAuth(true).useMicrosoftGraph(true)
            .useOidc(true).oidcTokenFilePath(AZURERM_OIDC_TOKEN_FILE_PATH);
        if (has(judge, "1.11.0", "1.11.0")) {
            rsAzFiles.clientIdFilePath(AZURERM_CLIENT_ID_FILE_PATH).clientSecretFilePath(AZURERM_CLIENT_SECRET_FILE_PATH);
        }
        if (has(judge, null, "1.12.0")) {
            // kept apart from encryptionScope (on the azurerm backend above)
            rsAzFiles.customerProvidedKey(AZURERM_CUSTOMER_PROVIDED_KEY);
        }
        if ("opentofu".equals(judge.tool())) {
            rsAzFiles.metadataHost(AZURERM_METADATA_HOST);
        }
        rsAzFiles.build();

        final DataTerraformRemoteStateOss.Builder rsOss = OssTest.remoteCommonFields(remote, "oss")
            .tablestoreEndpoint(OSS_LOCK_STORE_ENDPOINT).tablestoreTable(OSS_LOCK_STORE_TABLE);
        if (has(judge, "1.12.0", null)) {
            rsOss.tablestoreInstanceName(OSS_LOCK_STORE_INSTANCE_NAME);
        }
        rsOss.build();
        ossAssumeRoleBlock(DataTerraformRemoteStateOss.Builder.create(remote, "oss_block").bucket(OSS_BUCKET).region(OSS_REGION)).build();

        DataTerraformRemoteStateGcs.Builder.create(remote, "gcs")
            .defaults(DEFAULTS).workspace(WORKSPACE)
            .bucket(gcsConfig.getBucket()).accessToken(gcsConfig.getAccessToken()).credentials(gcsConfig.getCredentials())
            .encryptionKey(gcsConfig.getEncryptionKey()).impersonateServiceAccount(gcsConfig.getImpersonateServiceAccount())
            .impersonateServiceAccountDelegates(gcsConfig.getImpersonateServiceAccountDelegates()).prefix(gcsConfig.getPrefix())
            .storeageCustomEndpoint(gcsConfig.getStoreageCustomEndpoint())
            .build();
        final DataTerraformRemoteStateGcs.Builder rsGcsKms = DataTerraformRemoteStateGcs.Builder.create(remote, "gcs_kms")
            .bucket(GCS_BUCKET).kmsEncryptionKey(GCS_KMS_ENCRYPTION_KEY).storageCustomEndpoint(GCS_STOREAGE_CUSTOM_ENDPOINT);
        if (has(judge, null, "1.11.5")) {
            rsGcsKms.universeDomain(GCS_UNIVERSE_DOMAIN);
        }
        rsGcsKms.build();
    }

    private static CosBackendAssumeRole cosAssumeRole(final Judge judge) {
        final CosBackendAssumeRole.Builder b = CosTest.assumeRoleSpecFields();
        if (has(judge, "1.10.0", null)) {
            b.externalId(COS_EXTERNAL_ID_IN_ASSUME_ROLE);
        }
        return b.build();
    }

    @SuppressWarnings("deprecation")
    private static OssBackend.Builder ossAssumeRoleBlock(final OssBackend.Builder b) {
        return b.assumeRole(ossRole());
    }

    @SuppressWarnings("deprecation")
    private static DataTerraformRemoteStateOss.Builder ossAssumeRoleBlock(final DataTerraformRemoteStateOss.Builder b) {
        return b.assumeRole(ossRole());
    }

    private static OssAssumeRole ossRole() {
        return OssAssumeRole.builder()
            .roleArn(OSS_ROLE_ARN_IN_ASSUME_ROLE).sessionName(OSS_SESSION_NAME_IN_ASSUME_ROLE).policy(OSS_POLICY_IN_ASSUME_ROLE).sessionExpiration(OSS_SESSION_EXPIRATION_IN_ASSUME_ROLE)
            .build();
    }

    /** A backend block's attributes as a remote-state config: a nested object becomes a one-element list. */
    static ObjectNode backendToRemoteConfig(final JsonNode attributes) {
        final ObjectNode out = Support.MAPPER.createObjectNode();
        for (final Map.Entry<String, JsonNode> e : attributes.properties()) {
            if (e.getValue().isObject()) {
                final ArrayNode list = out.putArray(e.getKey());
                list.add(e.getValue());
            } else {
                out.set(e.getKey(), e.getValue());
            }
        }
        return out;
    }

    /** Writes {@code document} as main.tf.json into {@code dir}, then runs the judge's init (no backend) and validate. */
    private static JsonNode validate(final Judge judge, final Path dir, final JsonNode document) throws Exception {
        // Guard: never initialise a real backend.
        assertTrue(document.path("terraform").isMissingNode(), "the document must not configure a backend");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("main.tf.json"), document.toPrettyString(), StandardCharsets.UTF_8);
        final Path cliConfig = dir.resolve("empty.tfrc");
        final Run init = run(dir, List.of(judge.binary(), "init", "-backend=false", "-input=false"), cliConfig);
        if (init.exit != 0) {
            fail(judge.name() + " init failed in " + dir + ":\n" + init.stdout + init.stderr);
        }
        final Run validate = run(dir, List.of(judge.binary(), "validate", "-json"), cliConfig);
        return Support.parse(validate.stdout);
    }

    private static List<JsonNode> diagnostics(final JsonNode result, final String severity) {
        final List<JsonNode> out = new ArrayList<>();
        result.path("diagnostics").forEach(d -> {
            if (severity.equals(d.path("severity").asText())) {
                out.add(d);
            }
        });
        return out;
    }

    private record Run(int exit, String stdout, String stderr) {
    }

    /**
     * Runs a command offline: in the network sandbox where there is one, with no checkpoint calls,
     * no input and an empty CLI config file.
     */
    private static Run run(final Path dir, final List<String> command, final Path cliConfig) throws IOException, InterruptedException {
        if (!Files.exists(cliConfig)) {
            Files.writeString(cliConfig, "");
        }
        final List<String> sandboxed = new ArrayList<>(sandbox);
        sandboxed.addAll(command);
        final ProcessBuilder pb = new ProcessBuilder(sandboxed).directory(dir.toFile());
        pb.environment().put("CHECKPOINT_DISABLE", "1");
        pb.environment().put("TF_IN_AUTOMATION", "1");
        pb.environment().put("TF_INPUT", "0");
        pb.environment().put("NO_COLOR", "1");
        pb.environment().put("TF_CLI_CONFIG_FILE", cliConfig.toString());
        final Path out = Files.createTempFile(dir, "out", ".txt");
        final Path err = Files.createTempFile(dir, "err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        final Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " timed out");
        }
        final Run r = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    /**
     * Whether the judge's tool has a field first released in {@code terraformSince} (Terraform) or
     * {@code opentofuSince} (OpenTofu); null: that tool never had it.
     */
    private static boolean has(final Judge judge, final String terraformSince, final String opentofuSince) {
        final String since = "terraform".equals(judge.tool()) ? terraformSince : opentofuSince;
        return since != null && compareVersions(judge.version(), since) >= 0;
    }

    private static int compareVersions(final String version, final String other) {
        final String[] a = version.split("-")[0].split("\\.");
        final String[] b = other.split("\\.");
        for (int i = 0; i < 3; i++) {
            final int d = Integer.parseInt(a[i]) - Integer.parseInt(b[i]);
            if (d != 0) {
                return d;
            }
        }
        return 0;
    }
}
