import { createRouter } from '../create-app'
import { router as documents } from './documents'
import { router as notes } from './notes'
import { router as photos } from './photos'

/** Notes, documents and photos, on their own or attached to a record of any resource. */
export const router = createRouter()
router.route('/', notes)
router.route('/', documents)
router.route('/', photos)
