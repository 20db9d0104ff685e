"""Composed texts: every sentence the site writes about the rules, with the words it rests on.

    texts.py   a composed text, its declaration, the checks (quotes, folded hyphens)
"""
