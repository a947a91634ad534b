package io.github.statebackends.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.DataTerraformRemoteStateLocal;
import com.hashicorp.cdktf.TerraformStack;
import com.hashicorp.cdktf.TerraformVariable;
import com.hashicorp.cdktf.Testing;
import io.github.statebackends.AesGcmMethodProps;
import io.github.statebackends.AwsKmsAssumeRole;
import io.github.statebackends.AwsKmsKeyProviderProps;
import io.github.statebackends.AwsKmsKeySpec;
import io.github.statebackends.DataTerraformRemoteStateGcs;
import io.github.statebackends.EncryptionKeyProvider;
import io.github.statebackends.EncryptionMethod;
import io.github.statebackends.EncryptionTarget;
import io.github.statebackends.EnforceableEncryptionTarget;
import io.github.statebackends.Pbkdf2HashFunction;
import io.github.statebackends.Pbkdf2KeyProviderProps;
import io.github.statebackends.RemoteStateEncryption;
import io.github.statebackends.StateBackendTarget;
import io.github.statebackends.StateEncryption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@link StateEncryption} from Java: key providers and methods from their static factories, props
 * with builders, the construct with {@code StateEncryption.Builder}, and the refusals and
 * warnings as a Java caller sees them.
 */
class StateEncryptionTest {

    private static final String PASSPHRASE = "correct-horse-battery-staple";

    private static App tofu() {
        return Support.app(StateBackendTarget.opentofu("1.12.6"));
    }

    @Test
    @DisplayName("pbkdf2 + aes_gcm from builders: state with a migration fallback, plan enforced, a remote-state entry")
    void builders() {
        // GIVEN
        final TerraformStack stack = new TerraformStack(tofu(), "producer");
        final TerraformVariable passphrase = TerraformVariable.Builder.create(stack, "passphrase")
            .type("string")
            .sensitive(true)
            .build();
        final EncryptionKeyProvider key = EncryptionKeyProvider.pbkdf2("main", Pbkdf2KeyProviderProps.builder()
            .passphrase(passphrase.getStringValue())
            .hashFunction(Pbkdf2HashFunction.SHA512)
            .iterations(600000)
            .build());
        final EncryptionMethod aes = EncryptionMethod.aesGcm("main", AesGcmMethodProps.builder().keys(key).build());
        final EncryptionMethod migrate = EncryptionMethod.unencrypted("migrate");
        final DataTerraformRemoteStateGcs network = DataTerraformRemoteStateGcs.Builder.create(stack, "network")
            .bucket("acme-tfstate")
            .prefix("network")
            .build();

        // WHEN
        final StateEncryption encryption = StateEncryption.Builder.create(stack)
            .state(EnforceableEncryptionTarget.builder().method(aes).fallbacks(List.of(migrate)).build())
            .plan(EnforceableEncryptionTarget.builder().method(aes).enforced(true).build())
            .remoteStates(List.of(RemoteStateEncryption.builder().remoteState(network).method(aes).build()))
            .build();
        final DataTerraformRemoteStateLocal legacy = DataTerraformRemoteStateLocal.Builder.create(stack, "legacy")
            .path("../legacy/terraform.tfstate")
            .build();
        encryption.addRemoteState(legacy, EncryptionTarget.builder().method(migrate).build());

        // THEN
        final JsonNode enc = Support.synth(stack).path("terraform").path("encryption");
        assertEquals("${var.passphrase}", enc.at("/key_provider/pbkdf2/main/passphrase").asText());
        assertEquals(600000, enc.at("/key_provider/pbkdf2/main/iterations").asInt());
        assertEquals("sha512", enc.at("/key_provider/pbkdf2/main/hash_function").asText());
        assertEquals("${key_provider.pbkdf2.main}", enc.at("/method/aes_gcm/main/keys").asText());
        assertTrue(enc.at("/method/unencrypted/migrate").isObject());
        assertEquals("method.aes_gcm.main", enc.at("/state/method").asText());
        assertEquals("method.unencrypted.migrate", enc.at("/state/fallback/method").asText());
        assertTrue(enc.at("/plan/enforced").asBoolean());
        assertEquals("method.aes_gcm.main", enc.at("/remote_state_data_sources/remote_state_data_source/network/method").asText());
        assertEquals("method.unencrypted.migrate", enc.at("/remote_state_data_sources/remote_state_data_source/legacy/method").asText());
        assertEquals("key_provider.pbkdf2.main", key.getAddress());
        assertEquals("aes_gcm", aes.getTypeName());
        assertEquals(List.of(), Support.warnings(encryption).stream().filter(w -> w.contains("secret")).toList());
    }

    @Test
    @DisplayName("aws_kms with a nested assume-role struct; a literal secret is warned about and never echoed")
    void awsKms() {
        final TerraformStack stack = new TerraformStack(tofu(), "producer");
        final EncryptionKeyProvider kms = EncryptionKeyProvider.awsKms("aws", AwsKmsKeyProviderProps.builder()
            .kmsKeyId("alias/tofu-state")
            .keySpec(AwsKmsKeySpec.AES_256)
            .region("eu-west-1")
            .secretKey("not-a-real-secret")
            .assumeRole(AwsKmsAssumeRole.builder()
                .roleArn("arn:aws:iam::123456789012:role/tofu")
                .duration("1h")
                .tags(Map.of("team", "platform"))
                .build())
            .build());
        final StateEncryption encryption = StateEncryption.Builder.create(stack)
            .state(EnforceableEncryptionTarget.builder()
                .method(EncryptionMethod.aesGcm("main", AesGcmMethodProps.builder().keys(kms).build()))
                .build())
            .build();
        final JsonNode provider = Support.synth(stack).at("/terraform/encryption/key_provider/aws_kms/aws");
        assertEquals("AES_256", provider.path("key_spec").asText());
        assertEquals("arn:aws:iam::123456789012:role/tofu", provider.at("/assume_role/role_arn").asText());
        assertEquals("platform", provider.at("/assume_role/tags/team").asText());
        final List<String> warnings = Support.warnings(encryption);
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("EncryptionKeyProvider.awsKms(\"aws\").secretKey: is a secret")), warnings.toString());
        Support.assertNoSecrets(String.join("\n", warnings), "not-a-real-secret");
    }

    @Test
    @DisplayName("fails if the target is Terraform, naming OpenTofu 1.7")
    void refusesTerraform() {
        final TerraformStack stack = new TerraformStack(Support.app(), "producer");
        final EncryptionMethod aes = EncryptionMethod.aesGcm("main", AesGcmMethodProps.builder()
            .keys(EncryptionKeyProvider.pbkdf2("main", Pbkdf2KeyProviderProps.builder().passphrase(PASSPHRASE).build()))
            .build());
        final String message = Support.refused(() -> StateEncryption.Builder.create(stack)
            .state(EnforceableEncryptionTarget.builder().method(aes).build())
            .build());
        assertEquals("invalid state encryption (target " + Support.DEFAULT_TARGET + ") at producer/encryption:\n"
            + "- target: got " + Support.DEFAULT_TARGET.replace('@', ' ') + ", but terraform has no state encryption; only opentofu 1.7.0 and later has it "
            + "(set the target with StateBackendTarget.opentofu) [encryption/target]", message);
    }

    @Test
    @DisplayName("fails if the passphrase is shorter than 16 bytes, showing <redacted>")
    void refusesShortPassphrase() {
        final TerraformStack stack = new TerraformStack(tofu(), "producer");
        final EncryptionMethod aes = EncryptionMethod.aesGcm("main", AesGcmMethodProps.builder()
            .keys(EncryptionKeyProvider.pbkdf2("main", Pbkdf2KeyProviderProps.builder().passphrase("too-short").build()))
            .build());
        final String message = Support.refused(() -> StateEncryption.Builder.create(stack)
            .state(EnforceableEncryptionTarget.builder().method(aes).build())
            .build());
        assertEquals("invalid state encryption (target opentofu@1.12.6) at producer/encryption:\n"
            + "- EncryptionKeyProvider.pbkdf2(\"main\").passphrase: got <redacted> (9 bytes), expected at least 16 bytes [encryption/pbkdf2-passphrase-length]", message);
        Support.assertNoSecrets(message, "too-short");
    }

    @Test
    @DisplayName("the HCL output holds the encryption block, with references as traversals")
    void hcl() {
        final TerraformStack stack = new TerraformStack(tofu(), "producer");
        final EncryptionKeyProvider key = EncryptionKeyProvider.pbkdf2("main");
        StateEncryption.Builder.create(stack)
            .state(EnforceableEncryptionTarget.builder()
                .method(EncryptionMethod.aesGcm("main", AesGcmMethodProps.builder().keys(key).build()))
                .enforced(true)
                .build())
            .build();
        final String hcl = String.valueOf(Testing.synthHcl(stack));
        assertTrue(hcl.contains("  encryption {\n    key_provider \"pbkdf2\" \"main\" {\n    }"), hcl);
        assertTrue(hcl.contains("keys = key_provider.pbkdf2.main"), hcl);
        assertTrue(hcl.contains("method = method.aes_gcm.main"), hcl);
    }
}
