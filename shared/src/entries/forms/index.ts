// `@haven/shared/forms`: the core's forms entry, a Module Federation singleton of its own,
// with the api's field limits (a generated table only the forms that check lengths read).
// react-hook-form is ~9 KB gzip that only the routes with a form need at first paint; in the root entry
// every route downloaded it. Only what has no state of the root's may live here: an entry's relative
// import of a root file would bundle a second copy of it.
export {
  useForm,
  useController,
  Controller,
  type Control,
  type FieldValues,
  type Path,
  type UseFormGetValues,
  type UseFormRegister,
  type SubmitHandler,
  type FieldErrors,
  type UseFormReturn,
  type PathValue,
  type UseFormSetError,
  type UseFormSetValue,
} from 'react-hook-form';
export { fieldLimit, limitProblem, type FieldLimit, type LimitedRoute } from './form-limits';
