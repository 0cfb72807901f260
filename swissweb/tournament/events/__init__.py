"""Events and their settings: systems' options, slugs, rating-report details."""
