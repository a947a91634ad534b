package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformStack;
import com.hashicorp.cdktf.Testing;
import io.github.statebackends.AzurermBackend;
import io.github.statebackends.AzurermBackendConfig;
import io.github.statebackends.StateBackendTarget;
import io.github.statebackends.StateBackendWarnings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.constructs.IConstruct;

/**
 * Acknowledging a warning and strict mode, from Java: the acknowledgement removes that warning,
 * shows in manifest.json as an info annotation, and keeps a strict synth from failing; an
 * unacknowledged warning fails a strict synth with a RuntimeException naming its id.
 */
class WarningsTest {
    private static final StateBackendTarget TARGET = StateBackendTarget.terraform("1.11.4");
    private static final String ID = "azurerm/oidc-request-pair";
    private static final String REASON = "GitHub Actions sets ACTIONS_ID_TOKEN_REQUEST_URL";

    /** OIDC with the request token set and the url left to the environment: one warning, {@link #ID}. */
    private static AzurermBackendConfig oidcTokenOnly() {
        return AzurermBackendConfig.builder()
            .storageAccountName("acmetfstate")
            .containerName("tfstate")
            .key("prod.terraform.tfstate")
            .resourceGroupName("rg-tfstate")
            .useOidc(true)
            .oidcRequestToken("placeholder")
            .build();
    }

    /** Warning texts below {@code scope} after its validations ran, as they run at synth. */
    private static List<String> shownWarnings(final IConstruct scope) {
        return Support.warnings(scope);
    }

    private static List<String> idsOf(final List<String> warnings) {
        return warnings.stream()
            .map(w -> w.substring(w.lastIndexOf(" [") + 2, w.length() - 1))
            .sorted()
            .collect(Collectors.toList());
    }

    @Test
    void withoutAcknowledgementTheWarningEndsWithItsId() {
        final TerraformStack stack = new TerraformStack(Support.app(TARGET), "producer");
        new AzurermBackend(stack, oidcTokenOnly());
        final List<String> warnings = shownWarnings(stack);
        assertEquals(List.of(ID, "field/literal-secret"), idsOf(warnings));
        final String text = warnings.stream().filter(w -> w.endsWith(" [" + ID + "]")).findFirst().orElseThrow();
        assertTrue(text.contains("ACTIONS_ID_TOKEN_REQUEST_URL"), text);
    }

    @Test
    void acknowledgingOnTheBackendRemovesThatWarningOnly() {
        final TerraformStack stack = new TerraformStack(Support.app(TARGET), "producer");
        final AzurermBackend backend = new AzurermBackend(stack, oidcTokenOnly());
        StateBackendWarnings.acknowledge(backend, ID, REASON);
        assertEquals(List.of("field/literal-secret"), idsOf(shownWarnings(stack)));
    }

    @Test
    void acknowledgingOnTheAppCoversItsStacks() {
        final App app = Support.app(TARGET);
        final TerraformStack stack = new TerraformStack(app, "producer");
        new AzurermBackend(stack, oidcTokenOnly());
        StateBackendWarnings.acknowledge(app, ID, REASON);
        StateBackendWarnings.acknowledge(app, "field/literal-secret", "a placeholder replaced at deploy time");
        assertEquals(List.of(), shownWarnings(stack));
    }

    @Test
    void theAcknowledgementIsAnInfoAnnotationInTheManifest(@TempDir final Path outdir) throws IOException {
        final App app = Support.appWithOutdir(outdir, TARGET);
        final TerraformStack stack = new TerraformStack(app, "producer");
        final AzurermBackend backend = new AzurermBackend(stack, oidcTokenOnly());
        StateBackendWarnings.acknowledge(backend, ID, REASON);
        app.synth();

        final JsonNode annotations = Support.at(Support.read(outdir.resolve("manifest.json")), "stacks.producer.annotations");
        final List<String> infos = new ArrayList<>();
        final List<String> warns = new ArrayList<>();
        for (final JsonNode a : annotations) {
            if ("@cdktf/info".equals(a.path("level").asText())) {
                infos.add(a.path("constructPath").asText() + ": " + a.path("message").asText());
            } else if ("@cdktf/warn".equals(a.path("level").asText())) {
                warns.add(a.path("message").asText());
            }
        }
        assertEquals(List.of("producer/backend: acknowledged warning " + ID + ": " + REASON), infos);
        assertEquals(List.of("field/literal-secret"), idsOf(warns));
        assertTrue(Files.exists(outdir.resolve("stacks/producer/cdk.tf.json")));
    }

    @Test
    void unknownIdsAndEmptyReasonsAreRefused() {
        final AzurermBackend backend = new AzurermBackend(new TerraformStack(Support.app(TARGET), "producer"), oidcTokenOnly());
        final RuntimeException unknown = assertThrows(RuntimeException.class,
            () -> StateBackendWarnings.acknowledge(backend, "azurerm/no-such-warning", REASON));
        assertTrue(unknown.getMessage().contains("acknowledge: got \"azurerm/no-such-warning\", expected the id of one of this library's warnings"),
            unknown.getMessage());
        final RuntimeException empty = assertThrows(RuntimeException.class, () -> StateBackendWarnings.acknowledge(backend, ID, " "));
        assertTrue(empty.getMessage().contains("acknowledge: got no reason for " + ID), empty.getMessage());
    }

    @Test
    void strictModeFailsTestingSynthNamingTheId() {
        final App app = Support.app(TARGET);
        StateBackendWarnings.strict(app);
        final TerraformStack stack = new TerraformStack(app, "producer");
        new AzurermBackend(stack, oidcTokenOnly());
        final RuntimeException e = assertThrows(RuntimeException.class, () -> Testing.synth(stack, true));
        assertTrue(e.getMessage().contains("[" + ID + "]"), e.getMessage());
        assertTrue(e.getMessage().contains("[field/literal-secret]"), e.getMessage());
    }

    @Test
    void strictModeFailsTheAppSynthNamingTheId() {
        final App app = Support.app(TARGET);
        StateBackendWarnings.strict(app);
        final TerraformStack stack = new TerraformStack(app, "producer");
        final AzurermBackend backend = new AzurermBackend(stack, oidcTokenOnly());
        StateBackendWarnings.acknowledge(backend, "field/literal-secret", "a placeholder replaced at deploy time");

        final RuntimeException e = assertThrows(RuntimeException.class, app::synth);
        assertTrue(e.getMessage().contains("[" + ID + "]"), e.getMessage());
        assertTrue(e.getMessage().contains(StateBackendWarnings.STRICT_CONTEXT_KEY + " is on"), e.getMessage());
        assertFalse(e.getMessage().contains("[field/literal-secret]"), e.getMessage());
    }

    @Test
    void strictModeAcceptsAcknowledgedWarnings() {
        final App app = Support.app(TARGET);
        StateBackendWarnings.strict(app);
        final TerraformStack stack = new TerraformStack(app, "producer");
        final AzurermBackend backend = new AzurermBackend(stack, oidcTokenOnly());
        StateBackendWarnings.acknowledge(backend, ID, REASON);
        StateBackendWarnings.acknowledge(stack, "field/literal-secret", "a placeholder replaced at deploy time");
        assertDoesNotThrow(app::synth);
        assertDoesNotThrow(() -> Testing.synth(stack, true));
    }

    @Test
    void theIdsIncludeTheOidcPair() {
        assertTrue(StateBackendWarnings.ids().contains(ID), String.valueOf(StateBackendWarnings.ids()));
    }
}
