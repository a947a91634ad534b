package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformOutput;
import com.hashicorp.cdktf.TerraformOutputConfig;
import com.hashicorp.cdktf.TerraformResource;
import com.hashicorp.cdktf.TerraformResourceConfig;
import com.hashicorp.cdktf.TerraformStack;
import com.hashicorp.cdktf.Testing;
import io.github.statebackends.AzurermBackend;
import io.github.statebackends.AzurermBackendConfig;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.GcsBackendConfig;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * One state object per stack, from Java: two stacks with the same backend settings, one reading the
 * other's outputs, fail the app's synth naming both; {@code forEachStack} gives every stack its own object in one bucket.
 */
class SharedStateTest {
    private static JsonNode backendOf(final TerraformStack stack) throws Exception {
        return new ObjectMapper().readTree(Testing.synth(stack)).path("terraform").path("backend");
    }

    @Test
    void failsIfTwoStacksShareOneStateObject() {
        // GIVEN two stacks whose gcs backends name one bucket and prefix, database reading network's outputs
        App app = Testing.app();
        TerraformStack network = new TerraformStack(app, "network");
        TerraformStack database = new TerraformStack(app, "database");
        for (TerraformStack stack : List.of(network, database)) {
            new GcsBackend(stack, GcsBackendConfig.builder().bucket("acme-tfstate").prefix("shared").build());
        }
        TerraformResource vpc = new TerraformResource(network, "vpc", TerraformResourceConfig.builder().terraformResourceType("terraform_data").build());
        new TerraformOutput(database, "vpc", TerraformOutputConfig.builder().value(vpc.getStringAttribute("id")).build());
        // WHEN the app is synthesized
        RuntimeException e = assertThrows(RuntimeException.class, app::synth);
        // THEN the error names both stacks, the object and the rule id
        assertTrue(e.getMessage().contains("stacks \"network\" and \"database\" keep their state in one object: gcs bucket=\"acme-tfstate\", object \"shared/default.tfstate\""), e.getMessage());
        assertTrue(e.getMessage().contains("[stack/shared-state]"), e.getMessage());
    }

    @Test
    void forEachStackGivesEveryStackItsOwnObject() throws Exception {
        // GIVEN an app with two stacks
        App app = Testing.app();
        TerraformStack network = new TerraformStack(app, "network");
        TerraformStack database = new TerraformStack(app, "database");
        // WHEN one call gives every stack its backend
        List<AzurermBackend> made = AzurermBackend.forEachStack(app, AzurermBackendConfig.builder()
            .storageAccountName("acmetfstate")
            .containerName("tfstate")
            .key("terraform.tfstate")
            .build());
        // THEN each stack's blob is named by its id, and the app synthesizes
        assertEquals(List.of("network/backend", "database/backend"), made.stream().map(b -> b.getNode().getPath()).collect(Collectors.toList()));
        assertEquals("network/terraform.tfstate", backendOf(network).path("azurerm").path("key").asText());
        assertEquals("database/terraform.tfstate", backendOf(database).path("azurerm").path("key").asText());
        assertDoesNotThrow(app::synth);
    }
}
