import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{
		ignores: [
			'build/**',
			'public/build/**',
			'public/vendor/**',
			'node_modules/**',
			'test-results/**',
			'playwright-report/**',
			'.cache/**',
			'.tmp/**',
			'data/**',
		],
	},
	...tseslint.configs.recommended,
	{
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'no-console': 'error',
		},
	},
	{
		files: ['scripts/**', 'tests/**'],
		rules: { 'no-console': 'off' },
	},
)
