import type { Migration } from 'kysely'
import { accounts } from './0001_accounts'
import type { Dialect } from './helpers'
import { permissions } from './0002_permissions'
import { catalogs } from './0003_catalogs'
import { notifications } from './0004_notifications'
import { passwordResets } from './0005_password_resets'
import { accessVersion } from './0006_access_version'
import { catalogFigures } from './0007_catalog_figures'
import { catalogVersion } from './0008_catalog_version'
import { codeOrderIndexes } from './0009_code_order_indexes'
import { announcements } from './0010_announcements'
import { lastSignIn } from './0011_last_sign_in'
import { keptForms } from './0012_kept_forms'
import { userTimeZone } from './0013_user_time_zone'
import { apiTokenActivity } from './0014_api_token_activity'
import { secondFactor } from './0015_second_factor'
import { userDevices } from './0016_user_devices'
import { listViews } from './0017_list_views'
import { referenceLists } from './0018_reference_lists'
import { canonicalEmails } from './0019_canonical_emails'
import { passwordResetRequests } from './0020_password_reset_requests'
import { roleScopes } from './0021_role_scopes'
import { singleSignOn } from './0022_single_sign_on'
import { userSearch } from './0023_user_search'
import { sessionSecondFactor } from './0024_session_second_factor'
import { announcementProgress } from './0025_announcement_progress'
import { foreignKeyIndexes } from './0026_foreign_key_indexes'
import { auditFilters } from './0027_audit_filters'
import { userSortIndexes } from './0028_user_sort_indexes'

/** Every migration, in order. Names are permanent: never rename or reorder a landed one. */
export function migrations(dialect: Dialect): Record<string, Migration> {
	return {
		'0001_accounts': accounts(dialect),
		'0002_permissions': permissions(dialect),
		'0003_catalogs': catalogs(dialect),
		'0004_notifications': notifications(dialect),
		'0005_password_resets': passwordResets(dialect),
		'0006_access_version': accessVersion(dialect),
		'0007_catalog_figures': catalogFigures(dialect),
		'0008_catalog_version': catalogVersion(dialect),
		'0009_code_order_indexes': codeOrderIndexes(dialect),
		'0010_announcements': announcements(dialect),
		'0011_last_sign_in': lastSignIn(),
		'0012_kept_forms': keptForms(),
		'0013_user_time_zone': userTimeZone(),
		'0014_api_token_activity': apiTokenActivity(),
		'0015_second_factor': secondFactor(dialect),
		'0016_user_devices': userDevices(),
		'0017_list_views': listViews(dialect),
		'0018_reference_lists': referenceLists(dialect),
		'0019_canonical_emails': canonicalEmails(),
		'0020_password_reset_requests': passwordResetRequests(dialect),
		'0021_role_scopes': roleScopes(),
		'0022_single_sign_on': singleSignOn(),
		'0023_user_search': userSearch(dialect),
		'0024_session_second_factor': sessionSecondFactor(),
		'0025_announcement_progress': announcementProgress(),
		'0026_foreign_key_indexes': foreignKeyIndexes(),
		'0027_audit_filters': auditFilters(),
		'0028_user_sort_indexes': userSortIndexes(),
	}
}
