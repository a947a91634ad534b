package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.hashicorp.cdktf.*;
import io.github.statebackends.*;
import io.github.statebackends.DataTerraformRemoteStateGcs;
import io.github.statebackends.DataTerraformRemoteStateGcsConfig;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.GcsBackendConfig;
import org.junit.jupiter.api.Test;

/**
 * The README's advice for a Java file that imports both packages by wildcard: the names both have
 * ({@code GcsBackend}, its config, the remote state) imported by name from the library compile and
 * are the library's classes; the framework's wildcard still gives {@code App} and {@code TerraformStack}.
 */
class ImportsTest {
    @Test
    void singleTypeImportsWinOverBothWildcards() {
        final App app = Testing.app();
        final TerraformStack stack = new TerraformStack(app, "network");
        final GcsBackend backend = new GcsBackend(stack, GcsBackendConfig.builder().bucket("acme-tfstate").prefix("network").build());
        final DataTerraformRemoteStateGcs remote = new DataTerraformRemoteStateGcs(stack, "shared",
            DataTerraformRemoteStateGcsConfig.builder().bucket("acme-tfstate").prefix("shared").build());
        assertEquals(GcsBackend.class.getPackageName(), StateBackendValue.class.getPackageName());
        assertEquals(backend.getClass().getPackageName(), remote.getClass().getPackageName());
    }
}
