export { AzurermBackend, DataTerraformRemoteStateAzurerm } from './azurerm-backend';
export type { AzurermBackendConfig, DataTerraformRemoteStateAzurermConfig } from './azurerm-backend';
export { CosBackend, DataTerraformRemoteStateCos } from './cos-backend';
export type { CosBackendAssumeRole, CosBackendConfig, DataTerraformRemoteStateCosConfig } from './cos-backend';
export { GcsBackend, DataTerraformRemoteStateGcs } from './gcs-backend';
export type { DataTerraformRemoteStateGcsConfig, GcsBackendConfig } from './gcs-backend';
export { OssBackend, DataTerraformRemoteStateOss } from './oss-backend';
export type { DataTerraformRemoteStateOssConfig, OssAssumeRole, OssBackendConfig } from './oss-backend';
export { StateBackendTarget, TargetTool } from './target';
export { StateBackendWarnings } from './warnings';
export { AwsKmsKeySpec, EncryptionKeyProvider, EncryptionMethod, Pbkdf2HashFunction, StateEncryption } from './state-encryption';
export type {
  AesGcmMethodProps,
  AwsKmsAssumeRole,
  AwsKmsAssumeRoleWithWebIdentity,
  AwsKmsEndpoints,
  AwsKmsKeyProviderProps,
  AzureVaultKeyProviderProps,
  EncryptionKeyProviderOptions,
  EncryptionTarget,
  EnforceableEncryptionTarget,
  ExternalKeyProviderProps,
  ExternalMethodProps,
  GcpKmsKeyProviderProps,
  OpenBaoKeyProviderProps,
  Pbkdf2KeyProviderProps,
  RemoteStateEncryption,
  StateEncryptionProps,
} from './state-encryption';
