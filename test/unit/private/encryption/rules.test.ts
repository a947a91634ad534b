import { parseGoDuration } from '../../../../src/private/encryption/rule-kit';
import { dynamicReferences } from '../../../../src/private/kit/static-context';

describe('parseGoDuration (Go time.ParseDuration)', () => {
  test.each([
    ['15m', 15 * 60e9],
    ['1h30m', 90 * 60e9],
    ['12h', 12 * 3600e9],
    ['900s', 900e9],
    ['1.5h', 90 * 60e9],
    ['0', 0],
  ])('%s', (text, ns) => {
    expect(parseGoDuration(text)).toBe(ns);
  });

  test.each(['', '15', 'h', '1d', '15 m', 'PT15M'])('fails if %j is not a duration', (text) => {
    expect(parseGoDuration(text)).toBeUndefined();
  });
});

describe('dynamicReferences (what OpenTofu cannot evaluate in the encryption block)', () => {
  test.each([
    ['${var.passphrase}', []],
    ['${local.key}-${terraform.workspace}', []],
    ['${path.module}/key', []],
    ['${upper(local.my_object.part)}', []],
    ['${join("", [var.a, "aws_x.y.z"])}', []],
    ['${aws_secretsmanager_secret_version.s.secret_string}', ['aws_secretsmanager_secret_version.s']],
    ['${data.aws_ssm_parameter.p.value}', ['data.aws_ssm_parameter.p']],
    ['${module.keys.passphrase}', ['module.keys']],
    ['${each.value}', ['each.value']],
    ['${provider::aws::arn_parse(var.arn)}', ['provider::aws::arn_parse']],
    [['${var.a}', '${terraform_data.x.output}'], ['terraform_data.x']],
    // names a for expression or directive binds are its own
    ['${[for my_env in var.envs : my_env.cfg.name][0]}', []],
    ['${{for k, my_v in var.m : k => my_v.x}}', []],
    ['%{ for my_env in var.envs }${my_env.name}%{ endfor }', []],
    ['${[for e in terraform_data.all : e.id][0]}', ['terraform_data.all']],
  ])('%j', (value, refs) => {
    expect(dynamicReferences(value)).toEqual(refs);
  });
});
