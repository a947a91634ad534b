package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.OssBackend;
import io.github.statebackends.StateBackendTarget;
import io.github.statebackends.StateBackendValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Values the run gives at init, from Java: a number field left to init with
 * {@code StateBackendValue.fromInitNumber()} (a Java {@code Number} through the jsii runtime), given
 * by a config file written from a {@code Map}; a misspelt key in such a map suggests the field meant.
 */
class BackendValuesTest {
    private static final StateBackendTarget TARGET = StateBackendTarget.terraform("1.11.4");

    @Test
    void aNumberFieldLeftToInitIsLeftOutWithAWarning() {
        // GIVEN an OSS backend whose session expiration the run gives at init
        final TerraformStack stack = new TerraformStack(Support.app(TARGET), "platform");
        OssBackend.Builder.create(stack)
            .bucket("acme-tfstate")
            .assumeRoleRoleArn("acs:ram::1:role/x")
            .assumeRoleSessionExpiration(StateBackendValue.fromInitNumber())
            .build();
        // THEN the block leaves it out
        final JsonNode oss = Support.at(Support.synth(stack), "terraform.backend.oss");
        assertEquals(List.of("assume_role_role_arn", "bucket"), List.copyOf(Support.keysOf(oss)));
        // AND the warning names the init argument
        final List<String> warnings = Support.warnings(stack);
        assertTrue(warnings.contains("assumeRoleSessionExpiration is left to init: the terraform run of stack platform must give it "
            + "(terraform init -backend-config=\"assume_role_session_expiration=...\", or a backend config file) [field/from-init]"), warnings.toString());
    }

    @Test
    void aConfigFileGivesTheNumber(@TempDir final Path outdir) throws Exception {
        // GIVEN the same field given by a config file written from a Java map
        final App app = Support.appWithOutdir(outdir, TARGET);
        final TerraformStack stack = new TerraformStack(app, "platform");
        final OssBackend backend = OssBackend.Builder.create(stack)
            .bucket("acme-tfstate")
            .assumeRoleRoleArn("acs:ram::1:role/x")
            .assumeRoleSessionExpiration(StateBackendValue.fromInitNumber())
            .build();
        backend.addConfigFile("prod", Map.of("assumeRoleSessionExpiration", 1800));
        // WHEN the app is synthesized
        app.synth();
        // THEN the file holds the number, and no warning says the run must give it
        assertEquals("assume_role_session_expiration = 1800\n", Files.readString(outdir.resolve("stacks/platform/prod.tfbackend")));
        assertFalse(String.join("\n", Support.warnings(stack)).contains("[field/from-init]"));
    }

    @Test
    void failsIfAConfigFileMisspellsAKeySuggestingTheField() {
        // GIVEN a block that leaves the bucket to init
        final TerraformStack stack = new TerraformStack(Support.app(TARGET), "network");
        final GcsBackend backend = GcsBackend.Builder.create(stack).bucket(StateBackendValue.fromInit()).prefix("network").build();
        // WHEN a file spells bucket "buckt"
        final RuntimeException e = assertThrows(RuntimeException.class, () -> backend.addConfigFile("prod", Map.of("buckt", "acme-prod", "bucket", "acme-prod")));
        // THEN the error suggests the field and shows the value, which is no secret
        assertTrue(e.getMessage().contains("- buckt: got \"acme-prod\" for an unknown field, did you mean bucket? [field/unknown]"), e.getMessage());
    }
}
