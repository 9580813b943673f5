/**
 * The answers this implementation can give where the documents leave one free, by the ids of the
 * choice catalogue (contracts/schemas/choices.json). A class left out of a `Choices` keeps the
 * implementation's own answer (CHOICES.md), so `startPermissive()` without choices is unchanged;
 * the conformance twin (../twin/) draws a value for every class from a seed.
 */
export const ALTERNATIVES = {
  controlCharacters: ['refused', 'accepted'],
  emptySiteName: ['refused', 'accepted'],
  urlFormat: ['absolute-url', 'any-string'],
  limitZero: ['refused', 'accepted', 'clamped', 'default'],
  pathPrefixForm: ['slash-first', 'any'],
  emptyLocaleQuery: ['refused', 'default', 'unknown'],
  unknownBodyFields: ['refused', 'ignored'],
  unknownQueryParameters: ['refused', 'ignored'],
  localeCodeCase: ['strict', 'any-case', 'any-spelling', 'region-any-case', 'language-any-case'],
  pagePathnameForm: ['slash-first', 'any', 'trailing-slash'],
  pagePathnameCharacters: ['accepted', 'refused', 'letters', 'slugged'],
  sitePagesQuery: ['page-list', 'pagination', 'fixed-order'],
  pageUnknownLocale: ['400', '404', 'empty-list'],
  localeQueryForm: ['looked-up', 'refused'],
  emptyPatchUpdatedAt: ['moves', 'unchanged'],
  routePathnameSlash: ['accepted', 'refused', 'added', 'added-always', 'added-unless-skipped', 'added-refused-under-skip'],
  pageUpdateSearchFields: ['applied', 'ignored', 'refused'],
  malformedPathId: ['400', '404'],
  restoreLiveLocale: ['409', '404', '200', '400'],
  cursorOutsideList: ['400', 'after-place', '404', 'empty-list'],
  foreignCursor: ['as-outside', '404', '400', 'empty-list', 'refused-unreached'],
  unknownCursor: ['400', '404', 'empty-list', 'from-start'],
  accessOrder: ['permission-first', 'existence-first', 'site-first'],
  validationOrder: ['params-access-body', 'input-first', 'access-first'],
  updatedAtAtCreation: ['createdAt', 'null'],
  pageLocale: ['present', 'absent'],
  sortCollation: ['code-unit', 'case-insensitive'],
  nullsSort: ['last', 'first', 'smallest', 'largest'],
  sortTies: ['id', 'creation'],
  newPageTitle: ['null', 'name'],
  newPageExcludedFromSearchEngines: ['null', 'false', 'true'],
  newPageOnline: ['online', 'offline'],
  newPageSitemapPriority: ['null', '0.5'],
  newPageSitemapFrequency: ['null', 'always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'],
  siteListOrder: ['oldest-first', 'newest-first', 'name'],
  localeListOrder: ['creation', 'code'],
  routeListOrder: ['pathname', 'creation'],
  renameDefaultLocale: ['follows', 'refused'],
  siteKeyWrites: ['allowed', 'refused', 'refused-first', 'routes-refused', 'pages-only', 'pages-refused', 'locales-refused'],
  localeManagementMode: ['internal', 'external'],
  localeCodeStored: ['as-sent', 'canonical'],
  pathnameTrailingSlash: ['kept', 'dropped'],
  nameWhitespace: ['kept', 'trimmed'],
  sitePathPrefixFields: ['present', 'absent'],
  siteIdBesideId: ['checked', 'ignored', 'refused'],
  clockPrecision: ['millisecond', 'second'],
  createBodyOrder: ['validation-order', 'body-first'],
  hostOriginNull: ['clears', 'refused', 'unchanged'],
  localeLookupCase: ['exact', 'any-case'],
  localeLookupSpelling: ['as-written', 'as-sent'],
  routeOperations: ['served', 'elsewhere'],
  localeDomains: ['shared', 'unique', 'unique-everywhere'],
  publicApiKeyAsSiteKey: ['site-key', 'not-a-key', 'forbidden', 'live-pages', 'published-pages', 'online-pages', 'single-resources', 'pages', 'site-and-pages', 'configuration', 'reads'],
  emptyPageUpdate: ['accepted', 'refused', 'pathname-required'],
  pagePathnameCase: ['kept', 'lower-case', 'refused'],
  routePathnameCharacters: ['accepted', 'refused', 'ascii-only', 'letters'],
  pagePublishing: ['control-plane', 'going-online'],
  restoreByCode: ['any-locale', 'deleted-only'],
  pagePathnameSlash: ['as-sent', 'added'],
  pathnameConflictCase: ['exact', 'any-case'],
  newPagePublished: ['unpublished', 'published'],
  liveVersion: ['snapshot', 'current'],
  siteKeySiteList: ['refused', 'own-site'],
  deletedLocaleCode: ['free', 'reserved', 'revived'],
  duplicateDeletedLocales: ['left', 'copied'],
  repeatedDelete: ['not-found', 'idempotent'],
  siteNames: ['shared', 'unique'],
  pathPrefixCase: ['exact', 'any-case'],
  localeFilterScope: ['localized', 'all'],
  unlocalizedPageLocale: ['own', 'requested'],
  unservedMethod: ['405', '404'],
  unknownPathKey: ['path-first', 'key-first'],
  siteDeleteChildren: ['deleted', 'kept'],
  pathnameLookupCase: ['exact', 'any-case'],
  duplicatePublication: ['copied', 'reset'],
  newPageDescription: ['null', 'empty'],
  newPageCanonicalUrl: ['null', 'empty'],
  newPageSocialImageUrl: ['null', 'empty'],
  routeEmptySegment: ['refused', 'accepted'],
  limitAboveMaximum: ['refused', 'clamped'],
  pageReadUnknownLocale: ['as-list', 'default', '400', '404'],
  deletedCursor: ['unknown', 'after-place'],
  skipValidationConflicts: ['checked', 'skipped', 'page-conflicts', 'route-conflicts'],
  deletedSiteKey: ['401', '403'],
  pathnameLookupLocale: ['own', 'localized'],
  duplicateLocaleDomains: ['copied', 'dropped'],
  onlineUpdatedAt: ['moves', 'unchanged', 'offline-moves', 'online-moves'],
  keyKindOrder: ['with-access', 'first', 'after-input'],
  routeCreateSkipValidation: ['taken', 'unknown'],
  localePathPrefixes: ['null', 'code'],
  offlineLiveVersion: ['kept', 'withdrawn'],
  publicApiKeyRoutes: ['refused', 'read'],
  publicApiKeyOfflinePages: ['refused', 'hidden', 'read'],
  siteKeyRoutes: ['read', 'refused'],
  sitePagesUntaken: ['as-unknown', 'refused'],
  deletedLocaleRead: ['not-found', 'by-id'],
  pageTitleFollowsName: ['kept', 'follows'],
  localeRenameTouchesPages: ['untouched', 'touched'],
  onlineRepublish: ['unchanged', 'republishes'],
  publicApiKeySiteRead: ['refused', 'read'],
  unknownSiteReference: ['not-found', 'invalid', 'invalid-never-made'],
  publicApiKeyLocales: ['refused', 'read'],
  reachOrder: ['with-access', 'first'],
  malformedPathName: ['refused', 'looked-up'],
  pathRecordOrder: ['with-access', 'after-body'],
  pathnameInPath: ['encoded', 'segments'],
  routeRulesOrder: ['with-body', 'after-lookup', 'slash-with-body'],
} as const

/** The classes that are a maximum length: a number of characters, or `null` for none. */
export const LIMITS = ['nameMaxLength', 'urlMaxLength', 'titleMaxLength', 'descriptionMaxLength', 'pathnameMaxLength'] as const

export type EnumClass = keyof typeof ALTERNATIVES
export type LimitClass = (typeof LIMITS)[number]

/** The lists, by their path, and the cursor classes each may answer in its own way (a choices file's `lists`). */
export const LISTS = ['/v2/sites', '/v2/locales', '/v6/pages', '/v2/sites/{siteId}/pages', '/v2/routes'] as const
export const LIST_CLASSES = ['unknownCursor', 'foreignCursor', 'cursorOutsideList'] as const
export type ListPath = (typeof LISTS)[number]
type ClassChoices = { [K in EnumClass]?: (typeof ALTERNATIVES)[K][number] } & { [K in LimitClass]?: number | null }

/**
 * One alternative per class, each written as the catalogue's value in a string (`'null'`, `'0.5'`,
 * `'404'`), and the lists that answer cursors in their own way.
 */
export type Choices = ClassChoices & { lists?: { [P in ListPath]?: Pick<ClassChoices, (typeof LIST_CLASSES)[number]> } }

/** The choices a list answers cursors by: its own over the others. */
export const listChoices = (choices: Choices, list: ListPath): Choices => ({ ...choices, ...choices.lists?.[list] })

/** Every class this implementation can take either way: what the twin's test holds the catalogue to. */
export const IMPLEMENTED_CLASSES: readonly string[] = [...Object.keys(ALTERNATIVES), ...LIMITS]
