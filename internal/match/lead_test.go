package match

import ()
