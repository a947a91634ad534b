package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.OssBackend;
import io.github.statebackends.StateBackendTarget;
import io.github.statebackends.TargetTool;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link StateBackendTarget} from Java: the default (the newest Terraform release known), setting it on an app with
 * {@code applyTo} or through the context key, and how the target shows in a refusal's header.
 */
class TargetTest {

    @Test
    @DisplayName("the default target is the newest Terraform release the library knows")
    void defaultTarget() {
        assertEquals(Support.DEFAULT_TARGET, StateBackendTarget.DEFAULT.toString());
        assertEquals(TargetTool.TERRAFORM, StateBackendTarget.DEFAULT.getTool());
        assertEquals(Support.DEFAULT_TARGET.substring("terraform@".length()), StateBackendTarget.DEFAULT.getVersion());
        final TerraformStack stack = new TerraformStack(Support.app(), "s");
        assertEquals(Support.DEFAULT_TARGET, StateBackendTarget.of(stack).toString());
    }

    @Test
    @DisplayName("StateBackendTarget.terraform(\"1.11.4\").applyTo(app) before adding stacks changes the target")
    void applyTo() {
        final App app = com.hashicorp.cdktf.Testing.app();
        StateBackendTarget.terraform("1.11.4").applyTo(app);
        final TerraformStack stack = new TerraformStack(app, "s");
        assertEquals("terraform@1.11.4", StateBackendTarget.of(stack).toString());
        final String message = Support.refused(() -> OssBackend.Builder.create(stack).bucket("acme-b").lockStoreInstanceName("i").build());
        assertTrue(message.startsWith("invalid oss backend (target terraform@1.11.4) at s/backend:"), message);
    }

    @Test
    @DisplayName("the context key cdktf-state-backends:target set through App.Builder.context works too")
    void contextKey() {
        assertEquals("cdktf-state-backends:target", StateBackendTarget.CONTEXT_KEY);
        final App app = App.Builder.create().context(Map.of(StateBackendTarget.CONTEXT_KEY, "opentofu@1.12.6")).build();
        final StateBackendTarget target = StateBackendTarget.of(new TerraformStack(app, "s"));
        assertEquals(TargetTool.OPENTOFU, target.getTool());
        assertEquals("1.12.6", target.getVersion());
    }

    @Test
    @DisplayName("fails if the target text is malformed, naming the context key")
    void failsOnMalformedTarget() {
        final RuntimeException e = assertThrows(RuntimeException.class, () -> StateBackendTarget.parse("tofu@1"));
        // (an error from a static call reaches Java as "\nError: <message>")
        assertTrue(e.getMessage().contains("cdktf-state-backends:target: got \"tofu@1\", expected"), e.getMessage());
    }

    @Test
    @DisplayName("without the key, the cdktn package follows cdktn's targetVersions context and the cdktf package ignores it")
    void targetVersions() {
        final App app = App.Builder.create().context(Map.of("targetVersions", Map.of("opentofu", ">=1.12.0"))).build();
        final TerraformStack stack = new TerraformStack(app, "s");
        if (StateBackendTarget.CONTEXT_KEY.startsWith("cdktn-")) {
            GcsBackend.Builder.create(stack).bucket("b").universeDomain("universe.example.com").build();
            assertEquals("universe.example.com", Support.synth(stack).at("/terraform/backend/gcs/universe_domain").asText());
            assertEquals("opentofu@1.12.0", StateBackendTarget.of(stack).toString());
        } else {
            final String message = Support.refused(() -> GcsBackend.Builder.create(stack).bucket("b").universeDomain("universe.example.com").build());
            assertTrue(message.startsWith("invalid gcs backend (target " + Support.DEFAULT_TARGET + ") at s/backend:"), message);
        }
    }

    @Test
    @DisplayName("applyTo after stacks were added is refused by constructs (set the target first)")
    void applyToAfterChildrenFails() {
        final App app = com.hashicorp.cdktf.Testing.app();
        new TerraformStack(app, "s");
        final RuntimeException e = assertThrows(RuntimeException.class, () -> StateBackendTarget.opentofu("1.12.6").applyTo(app));
        assertTrue(e.getMessage().contains("children"), e.getMessage());
    }
}
