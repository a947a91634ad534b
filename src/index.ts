export { AzurermBackend, DataTerraformRemoteStateAzurerm } from './azurerm-backend';
export type { AzurermBackendConfig, DataTerraformRemoteStateAzurermConfig } from './azurerm-backend';
export { CosBackend, DataTerraformRemoteStateCos } from './cos-backend';
export type { CosBackendAssumeRole, CosBackendConfig, DataTerraformRemoteStateCosConfig } from './cos-backend';
export { GcsBackend, DataTerraformRemoteStateGcs } from './gcs-backend';
export type { DataTerraformRemoteStateGcsConfig, GcsBackendConfig } from './gcs-backend';
export { OssBackend, DataTerraformRemoteStateOss } from './oss-backend';
export type { DataTerraformRemoteStateOssConfig, OssAssumeRole, OssBackendConfig } from './oss-backend';
export { StateBackendTarget, TargetTool } from './target';
export { StateBackendError, StateBackendErrors } from './state-backend-error';
export { StateBackendValue } from './state-backend-value';
export { StateBackendWarnings } from './warnings';
export { AwsKmsKeySpec } from './aws-kms-key-provider';
export type { AwsKmsAssumeRole, AwsKmsAssumeRoleWithWebIdentity, AwsKmsEndpoints, AwsKmsKeyProviderProps } from './aws-kms-key-provider';
export type { EncryptionKeyProviderOptions } from './encryption-key-provider-options';
export { EncryptionKeyProvider, Pbkdf2HashFunction } from './encryption-key-providers';
export type {
  AzureVaultKeyProviderProps,
  ExternalKeyProviderProps,
  GcpKmsKeyProviderProps,
  OpenBaoKeyProviderProps,
  Pbkdf2KeyProviderProps,
} from './encryption-key-providers';
export { EncryptionMethod } from './encryption-methods';
export type { AesGcmMethodProps, ExternalMethodProps } from './encryption-methods';
export { StateEncryption } from './state-encryption';
export type { EncryptionTarget, EnforceableEncryptionTarget, RemoteStateEncryption, StateEncryptionProps } from './state-encryption';
