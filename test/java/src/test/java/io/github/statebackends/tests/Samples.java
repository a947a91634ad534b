package io.github.statebackends.tests;

import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Valid sample values, the same as the TypeScript suite's {@code test/support/stores.ts}.
 * Secrets are placeholders in angle brackets, as spec part 5 asks; tests check that refusals never
 * echo them.
 */
final class Samples {
    private Samples() {
    }

    /** 32 bytes (0..31), base64-encoded: a valid customer-supplied key. */
    static final String ENCRYPTION_KEY;

    static {
        final byte[] key = new byte[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = (byte) i;
        }
        ENCRYPTION_KEY = Base64.getEncoder().encodeToString(key);
    }

    // gcs (ConfigA)
    static final String GCS_BUCKET = "acme-tfstate";
    static final String GCS_PREFIX = "envs/prod";
    static final String GCS_CREDENTIALS = "/secrets/gcp-service-account.json";
    static final String GCS_ACCESS_TOKEN = "<ACCESS_TOKEN>";
    static final String GCS_IMPERSONATE = "terraform@acme.iam.gserviceaccount.com";
    static final List<String> GCS_DELEGATES = List.of("a@acme.iam.gserviceaccount.com", "b@acme.iam.gserviceaccount.com");
    static final String GCS_KMS_KEY = "projects/acme/locations/europe-west1/keyRings/tf/cryptoKeys/state";
    static final String GCS_ENDPOINT = "https://storage-acme.p.googleapis.com/storage/v1/b";
    static final String GCS_UNIVERSE_DOMAIN = "universe.example.com";

    // cos (RemoteStateB)
    static final String COS_BUCKET = "tfstate-1250000000";
    static final String COS_REGION = "ap-guangzhou";
    static final String COS_SECRET_ID = "<SECRET_ID>";
    static final String COS_SECRET_KEY = "<SECRET_KEY>";
    static final String COS_SECURITY_TOKEN = "<SECURITY_TOKEN>";
    static final String COS_ENDPOINT = "https://cos-internal.ap-guangzhou.tencentcos.cn";
    static final String COS_DOMAIN = "tencentcloudapi.com";
    static final String COS_PREFIX = "env:";
    static final String COS_KEY = "network/terraform.tfstate";
    static final String COS_ROLE_ARN = "qcs::cam::uin/100000000001:roleName/terraform";
    static final String COS_SESSION_NAME = "cdktf";
    static final int COS_SESSION_DURATION = 3600;
    static final String COS_POLICY = "{\"version\":\"2.0\",\"statement\":[{\"effect\":\"allow\",\"action\":[\"cos:GetObject\"],\"resource\":[\"*\"]}]}";
    static final String COS_EXTERNAL_ID = "external-1";
    static final String COS_SHARED_CREDENTIALS_DIR = "/home/ci/.tccli";
    static final String COS_PROFILE = "ci";
    static final String COS_CAM_ROLE_NAME = "terraform-runner";

    // oss (BackendC)
    static final String OSS_BUCKET = "acme-tfstate";
    static final String OSS_ACCESS_KEY = "<ACCESS_KEY>";
    static final String OSS_SECRET_KEY = "<SECRET_KEY>";
    static final String OSS_SECURITY_TOKEN = "<SECURITY_TOKEN>";
    static final String OSS_ECS_ROLE_NAME = "terraform-runner";
    static final String OSS_REGION = "cn-hangzhou";
    static final String OSS_STS_ENDPOINT = "sts.cn-hangzhou.aliyuncs.com";
    static final String OSS_LOCK_ENDPOINT = "https://acme-lock.cn-hangzhou.ots.aliyuncs.com";
    static final String OSS_ENDPOINT = "oss-cn-hangzhou.aliyuncs.com";
    static final String OSS_PREFIX = "env:";
    static final String OSS_KEY = "network/terraform.tfstate";
    static final String OSS_LOCK_INSTANCE = "acme-lock";
    static final String OSS_LOCK_TABLE = "terraform_lock";
    static final String OSS_ACL = "private";
    static final String OSS_SHARED_CREDENTIALS_FILE = "/home/ci/.aliyun/config.json";
    static final String OSS_PROFILE = "ci";
    static final String OSS_ROLE_ARN = "acs:ram::1000000000000001:role/terraform";
    static final String OSS_SESSION_NAME = "cdktf";
    static final String OSS_BLOCK_POLICY = "{\"Statement\":[{\"Action\":[\"oss:GetObject\"],\"Effect\":\"Allow\",\"Resource\":[\"*\"]}],\"Version\":\"1\"}";
    static final int OSS_BLOCK_SESSION_EXPIRATION = 1800;
    static final String OSS_POLICY = "{\"Statement\":[{\"Action\":[\"oss:*\"],\"Effect\":\"Allow\",\"Resource\":[\"*\"]}],\"Version\":\"1\"}";
    static final int OSS_SESSION_EXPIRATION = 900;

    // azurerm (RemoteStateD)
    static final String AZ_SUBSCRIPTION_ID = "00000000-0000-0000-0000-000000000001";
    static final String AZ_RESOURCE_GROUP = "rg-tfstate";
    static final String AZ_ACCOUNT = "acmetfstate";
    static final String AZ_CONTAINER = "tfstate";
    static final String AZ_KEY = "prod.terraform.tfstate";
    static final String AZ_ENVIRONMENT = "usgovernment";
    static final String AZ_METADATA_HOST = "management.azure.example.com";
    static final String AZ_ACCESS_KEY = "<ACCESS_KEY>";
    static final String AZ_SAS_TOKEN = "<SAS_TOKEN>";
    static final String AZ_TENANT_ID = "00000000-0000-0000-0000-000000000002";
    static final String AZ_CLIENT_ID = "00000000-0000-0000-0000-000000000003";
    static final String AZ_CLIENT_ID_FILE = "/var/run/secrets/azure/client-id";
    static final String AZ_ENDPOINT = "https://management.local.azurestack.external";
    static final String AZ_CLIENT_CERTIFICATE = "<CLIENT_CERTIFICATE>";
    static final String AZ_CLIENT_CERTIFICATE_PATH = "/secrets/sp.pfx";
    static final String AZ_CLIENT_CERTIFICATE_PASSWORD = "<CLIENT_CERTIFICATE_PASSWORD>";
    static final String AZ_CLIENT_SECRET = "<CLIENT_SECRET>";
    static final String AZ_CLIENT_SECRET_FILE = "/var/run/secrets/azure/client-secret";
    static final String AZ_ADO_CONNECTION_ID = "00000000-0000-0000-0000-000000000004";
    static final String AZ_OIDC_REQUEST_TOKEN = "<OIDC_REQUEST_TOKEN>";
    static final String AZ_OIDC_REQUEST_URL = "https://token.actions.githubusercontent.com";
    static final String AZ_OIDC_TOKEN = "<OIDC_TOKEN>";
    static final String AZ_OIDC_TOKEN_FILE = "/var/run/secrets/azure/tokens/azure-identity-token";
    static final String AZ_MSI_ENDPOINT = "http://169.254.169.254/metadata/identity/oauth2/token";
    static final int AZ_TIMEOUT_SECONDS = 120;
    static final String AZ_ENCRYPTION_SCOPE = "tfstate-scope";

    // remote-state parameters (spec 2.1)
    static final String WORKSPACE = "staging";
    static final Map<String, Object> DEFAULTS = Map.of("vpc_id", "vpc-default", "replicas", 2, "enabled", true);
}
