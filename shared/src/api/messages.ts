/**
 * The catalogue of `msg` keys (API.md). The client translates each in three languages; a test fails
 * when one lacks a translation.
 */
export const REFUSAL_KEYS = [
  // session and account
  'please_login_again',
  'account_exists',
  'inviter_not_found',
  'account_not_found',
  'wrong_account_or_password',
  'wrong_old_password',
  'modify_failed',
  'account_banned',
  'account_frozen',
  'trading_barred',
  'invite_code_wrong',
  'passwords_mismatch',
  'agree_terms_required',
  // passwords and keys
  'wrong_fund_password',
  'wrong_channel_password',
  'fund_password_not_set',
  'key_mismatch',
  // identity and cards
  'realname_not_passed',
  'realname_reviewing',
  'realname_required',
  'already_verified',
  'privacy_required',
  'card_exists',
  'bank_cards_limit',
  'card_not_found',
  'holder_not_katakana',
  // funds, loans, credit
  'insufficient_balance',
  'insufficient_funds',
  'insufficient_credit',
  'insufficient_quota',
  'credit_score_insufficient',
  'unpaid_loan_exists',
  'loan_submitted',
  'loan_pending',
  'loan_limit_insufficient',
  'repay_less_than_loan',
  'fund_operation_in_progress',
  'deposit_pending',
  'fundraising_quota_insufficient',
  'amount_required',
  'amount_invalid',
  'amount_below_minimum',
  'amount_above_maximum',
  'withdraw_window_closed',
  'deposit_window_closed',
  'same_currency',
  'idempotency_conflict',
  // trading
  'too_frequent',
  'outside_trading_time',
  'block_trade_closed',
  'product_unavailable',
  'product_time_limit_passed',
  'order_not_holding',
  'buy_still_working',
  'short_cover_by_buy',
  'price_unavailable',
  'over_price_limit',
  'below_minimum_buy',
  'not_listed',
  'not_subscription_time',
  'cannot_purchase',
  'cannot_sell_t1',
  'sell_after_15_minutes',
  'lot_size',
  'subscribed_already',
  'quote_stale',
  // block trades: one user's lots over the offer's maximum, a decision before the window's
  // allocation, an approval of a request the allocation left without lots
  'block_over_user_limit',
  'block_allocation_pending',
  'block_not_allocated',
  // new shares: over the offer's per-user limit, a pay or waive of an application not pending
  // payment (or past its deadline), a draw asked for before the lottery time or twice
  'ipo_over_user_limit',
  'ipo_not_payable',
  'ipo_draw_not_due',
  'ipo_drawn_already',
  // an offer the operator withdrew (上場中止): no application, draw or second withdrawal; one
  // whose listing day has come can no longer be withdrawn
  'ipo_withdrawn',
  'ipo_listed_already',
  // day trading: a second participation in a market while one is open, an order outside an
  // approved participation's trading day, over the funds' exposure, a limit the market has not
  // reached (no intraday order rests)
  'daytrade_in_progress',
  'daytrade_not_trading',
  'daytrade_exposure_limit',
  'daytrade_limit_not_marketable',
  // stock credit: a credit buy that would rest (credit buys fill at once), a partial sell of a
  // credit position (it repays its debt whole), trust funds for a holding that owes nothing or
  // more than it owes
  'credit_market_only',
  'credit_whole_only',
  'credit_not_owed',
  'credit_over_debt',
  // a new credit buy or short in Japan while the user's 委託保証金 is under CREDIT_MIN_MARGIN_JPY
  'credit_min_margin',
  // a short of more than SHORT_PRICE_RULE_EXEMPT_UNITS units under the short-sale price
  // restriction (空売り価格規制: the stock fell SHORT_PRICE_RULE_FALL from its base, today or the
  // trading day before)
  'short_price_restricted',
  // orders (issue 35): a validity that is no trading day of the order's or before it, one past
  // ORDER_GTD_DAYS business days
  'validity_invalid',
  'validity_too_long',
  // follow products: a buy the capacity or the issuer's funding cannot take, an end asked for
  // inside the lock-up
  'product_capacity_exceeded',
  'product_locked',
  // customer service: a message to a thread an operator has closed (the user starts a new one)
  'support_thread_closed',
  // the trust panel: a withdrawal or an order the user has frozen themself, a lift asked for
  // inside the published cooling-off period, a lift of a scope that is not frozen
  'self_frozen_withdraw',
  'self_frozen_trading',
  'self_freeze_cooling',
  'self_freeze_none',
  // price alerts (issue 37): a value that is not a positive number in the kind's range, one alert
  // more than ALERTS_MAX
  'alert_value_invalid',
  'alerts_limit',
  // back office (issue 17): a reviewer asking for an admin's action; four eyes: the same person
  // approving twice, an approval from no person (the automatic policy)
  'admin_required',
  'four_eyes_same_operator',
  'four_eyes_person_required',
  // second factors (passkeys, TOTP): a withdrawal or card change without the factor the user
  // enrolled, a factor asked for that was never set up, an assertion that does not verify (wrong,
  // expired or replayed challenge, another site, a bad signature), a wrong or reused code, a TOTP
  // enabled twice or confirmed before its setup, a credential registered twice, one not found
  'second_factor_required',
  'second_factor_not_set',
  'passkey_invalid',
  'totp_invalid',
  'totp_already_enabled',
  'totp_not_set_up',
  'passkey_exists',
  'passkey_not_found',
  // accounts (issue 36): a NISA buy past the growth frame's annual or lifetime room, one NISA
  // cannot hold (credit, a cover, day trading, a code outside the Tokyo market), a NISA buy before
  // the account is opened, a second NISA account, a taxable kind changed after the year's first
  // taxable sale
  'nisa_limit',
  'nisa_not_eligible',
  'nisa_not_opened',
  'nisa_open_already',
  'tax_account_locked',
  // push notifications: a subscription's endpoint the gateway may not POST to (not https, or a
  // private address that PUSH_ENDPOINT_ALLOW does not name), more devices than one user may have
  'push_endpoint_refused',
  'push_devices_max',
  // other; `upstream_unavailable`: in upstream broker mode the broker did not answer in time
  'kefu_not_found',
  'network_error',
  'upstream_unavailable',
  'invalid_input',
  'not_found',
] as const

export const SUCCESS_KEYS = [
  'register_ok',
  'login_ok',
  'modify_ok',
  'add_ok',
  'unbind_ok',
  'submit_ok',
  'upload_ok',
  'purchase_ok',
  'subscribe_ok',
  'allocate_ok',
  'follow_ok',
  'cancel_ok',
  'exchange_ok',
  'loan_ok',
  'repay_ok',
  'delete_ok',
  'claim_ok',
] as const

export type RefusalKey = (typeof REFUSAL_KEYS)[number]
export type SuccessKey = (typeof SUCCESS_KEYS)[number]
export type MessageKey = RefusalKey | SuccessKey

export const MESSAGE_KEYS: readonly MessageKey[] = [...REFUSAL_KEYS, ...SUCCESS_KEYS]

export const isMessageKey = (s: string): s is MessageKey =>
  (MESSAGE_KEYS as readonly string[]).includes(s)
