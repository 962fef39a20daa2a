import type { MineEntryName } from '@kabu/shared/lines/index'
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined'
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined'
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined'
import CreditScoreOutlinedIcon from '@mui/icons-material/CreditScoreOutlined'
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined'
import CurrencyExchangeOutlinedIcon from '@mui/icons-material/CurrencyExchangeOutlined'
import FingerprintOutlinedIcon from '@mui/icons-material/FingerprintOutlined'
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined'
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined'
import LockOutlinedIcon from '@mui/icons-material/LockOutlined'
import LogoutIcon from '@mui/icons-material/Logout'
import MailOutlinedIcon from '@mui/icons-material/MailOutlined'
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined'
import AddAlertOutlinedIcon from '@mui/icons-material/AddAlertOutlined'
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined'
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined'
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined'
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined'
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined'
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined'
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined'
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined'
import TranslateIcon from '@mui/icons-material/Translate'
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined'
import type { ReactElement } from 'react'

/**
 * The icon of each side-panel entry by its name, shared with Mine's money tiles so one action
 * looks the same in both places. An entry a line declares without one fails the typecheck.
 */
export const PANEL_ICONS: Record<MineEntryName | 'logout', ReactElement> = {
  message: <MailOutlinedIcon />,
  alerts: <AddAlertOutlinedIcon />,
  notifications: <NotificationsOutlinedIcon />,
  notifySettings: <NotificationsActiveOutlinedIcon />,
  verified: <VerifiedUserOutlinedIcon />,
  deposit: <AddCardOutlinedIcon />,
  withdraw: <PaymentsOutlinedIcon />,
  exchange: <CurrencyExchangeOutlinedIcon />,
  loan: <CreditScoreOutlinedIcon />,
  transactionRecords: <ReceiptLongOutlinedIcon />,
  dividends: <SavingsOutlinedIcon />,
  tax: <PercentOutlinedIcon />,
  accounts: <AccountTreeOutlinedIcon />,
  blockOrders: <RequestQuoteOutlinedIcon />,
  bank: <AccountBalanceOutlinedIcon />,
  loginPassword: <LockOutlinedIcon />,
  fundPassword: <KeyOutlinedIcon />,
  security: <FingerprintOutlinedIcon />,
  about: <InfoOutlinedIcon />,
  privacy: <PrivacyTipOutlinedIcon />,
  kefu: <SupportAgentOutlinedIcon />,
  trust: <ShieldOutlinedIcon />,
  language: <TranslateIcon />,
  logout: <LogoutIcon />,
}
