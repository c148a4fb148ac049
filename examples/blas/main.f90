! A Fortran program written for any BLAS: SGEMM and DGEMM, and its own XERBLA
! (which replaces kmm_blas' default), linked against kmm_blas.
!   gfortran main.f90 -L<prefix>/lib -lkmm_blas
module bad_args
  implicit none
  integer :: last_info = 0
  character(len=16) :: last_name = ''
end module bad_args

subroutine xerbla(srname, info)
  use bad_args
  implicit none
  character(len=*), intent(in) :: srname
  integer, intent(in) :: info
  last_name = srname
  last_info = info
end subroutine xerbla

program blas_fortran
  use bad_args
  use iso_c_binding, only: c_long_long
  implicit none
  interface
    ! kmm_blas' count of the calls it computed (kmm/blas.h): shows that kmm ran them
    integer(c_long_long) function kmm_blas_calls() bind(C, name='kmm_blas_calls')
      import :: c_long_long
    end function kmm_blas_calls
  end interface
  integer, parameter :: m = 250, n = 120, k = 90
  real :: a(m, k), b(n, k), c(m, n), c0(m, n)
  double precision :: da(k, m), db(k, n), dc(m, n)
  real :: err_s
  double precision :: err_d
  logical :: ok

  call random_number(a)
  call random_number(b)
  call random_number(c)
  c0 = c
  ! C = 2 A B^T + 0.5 C
  call sgemm('N', 'T', m, n, k, 2.0, a, m, b, n, 0.5, c, m)
  err_s = maxval(abs(c - (2.0 * matmul(a, transpose(b)) + 0.5 * c0)))

  call random_number(da)
  call random_number(db)
  ! C = A^T B, transpose characters in lower case
  call dgemm('t', 'n', m, n, k, 1.0d0, da, k, db, k, 0.0d0, dc, m)
  err_d = maxval(abs(dc - matmul(transpose(da), db)))

  ! lda too small: reference BLAS reports parameter 8 of SGEMM, and C stays as it was
  c0 = c
  call sgemm('N', 'N', m, n, k, 1.0, a, m - 1, b, k, 0.0, c, m)
  ok = err_s < 1e-3 .and. err_d < 1d-10 .and. last_info == 8 .and. trim(last_name) == 'SGEMM' .and. all(c == c0) &
       .and. kmm_blas_calls() == 2
  print '(a, es9.2, a, es9.2, a, i0, a, a, a, i0, a, a)', 'blas_fortran: sgemm max err', err_s, ', dgemm max err', &
        err_d, ', ', kmm_blas_calls(), ' calls handled by kmm_blas; bad lda reported as ', trim(last_name), &
        ' parameter ', last_info, ': ', merge('OK   ', 'WRONG', ok)
  if (.not. ok) error stop 1
end program blas_fortran
