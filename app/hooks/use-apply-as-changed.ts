import { useSubmit } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react'
import { TYPING_PAUSE_MS } from '~/lists/typing-pause'

/**
 * A GET filter form that applies itself as it changes, with JavaScript: a choice at once, typed text after a
 * pause (TYPING_PAUSE_MS), replacing the history entry rather than adding one per word. Its "Apply" button
 * stays for a browser without JavaScript.
 *
 * The form's fields are uncontrolled: after a change of view that they do not show (a saved view's link, the
 * browser's Back), `generation` changes, for the form's `key`, so that it is drawn anew with the view's
 * values. A view the form applied itself keeps it as it is, with the focus, the caret and anything typed
 * meanwhile. `view` is the list's view, `viewOf` the view a form's fields make (both without the page).
 */
export function useApplyAsChanged(view: string, viewOf: (fields: URLSearchParams) => string) {
	const submit = useSubmit()
	const formRef = useRef<HTMLFormElement>(null)
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
	const [generation, setGeneration] = useState(0)

	useEffect(() => () => clearTimeout(timer.current), [])
	useEffect(() => {
		const form = formRef.current
		// Typing still waiting to be applied: the fields are ahead of the view, not behind it.
		if (!form || timer.current !== undefined) return
		const fields = new URLSearchParams()
		for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value)
		if (viewOf(fields) !== view) setGeneration((current) => current + 1)
		// viewOf is the list's own rule, the same on every render.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [view])

	const onChange = (event: FormEvent<HTMLFormElement>) => {
		const control = event.target
		const form = event.currentTarget
		const typed = control instanceof HTMLInputElement && control.type !== 'checkbox' && control.type !== 'radio'
		const apply = () => {
			timer.current = undefined
			submit(form, { replace: typed, preventScrollReset: true })
		}
		clearTimeout(timer.current)
		timer.current = undefined
		if (typed) timer.current = setTimeout(apply, TYPING_PAUSE_MS)
		else apply()
	}
	// "Apply" (or Enter) applies everything typed: the pause's own apply would come later and could undo a
	// navigation made meanwhile (a link of the list).
	const onSubmit = () => {
		clearTimeout(timer.current)
		timer.current = undefined
	}
	return { formRef: formRef as RefObject<HTMLFormElement>, onChange, onSubmit, generation }
}
