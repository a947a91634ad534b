export { AzurermBackend, DataTerraformRemoteStateAzurerm } from './azurerm-backend';
export type { AzurermBackendConfig, AzurermBackendOptions, DataTerraformRemoteStateAzurermConfig, DataTerraformRemoteStateAzurermOptions } from './azurerm-backend';
export { AzurermStateContainer } from './azurerm-state-container';
export type { AzurermStateContainerProps } from './azurerm-state-container';
export { CosBackend, DataTerraformRemoteStateCos } from './cos-backend';
export type { CosBackendAssumeRole, CosBackendConfig, CosBackendOptions, DataTerraformRemoteStateCosConfig, DataTerraformRemoteStateCosOptions } from './cos-backend';
export { CosStateBucket } from './cos-state-bucket';
export type { CosStateBucketProps } from './cos-state-bucket';
export { GcsBackend, DataTerraformRemoteStateGcs } from './gcs-backend';
export type { DataTerraformRemoteStateGcsConfig, DataTerraformRemoteStateGcsOptions, GcsBackendConfig, GcsBackendOptions } from './gcs-backend';
export { GcsStateBucket } from './gcs-state-bucket';
export type { GcsStateBucketProps } from './gcs-state-bucket';
export { OssBackend, DataTerraformRemoteStateOss } from './oss-backend';
export type { DataTerraformRemoteStateOssConfig, DataTerraformRemoteStateOssOptions, OssAssumeRole, OssBackendConfig, OssBackendOptions } from './oss-backend';
export { OssStateBucket } from './oss-state-bucket';
export type { OssStateBucketProps } from './oss-state-bucket';
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
